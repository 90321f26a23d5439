// The few pieces of event-kit birch-outline's model uses, enough to load and run it.
class Disposable {
  constructor(action) { this.action = action; }
  dispose() { if (this.action) { this.action(); this.action = null; } }
}
class CompositeDisposable {
  constructor() { this.items = []; }
  add(...items) { this.items.push(...items); }
  dispose() { for (const item of this.items) item.dispose(); this.items = []; }
}
class Emitter {
  constructor() { this.handlers = new Map(); }
  on(name, handler) {
    if (!this.handlers.has(name)) this.handlers.set(name, []);
    this.handlers.get(name).push(handler);
    return new Disposable(() => {
      const list = this.handlers.get(name) || [];
      const k = list.indexOf(handler);
      if (k >= 0) list.splice(k, 1);
    });
  }
  preempt(name, handler) { return this.on(name, handler); }
  emit(name, value) { for (const handler of this.handlers.get(name) || []) handler(value); }
  dispose() { this.handlers.clear(); }
}
module.exports = { Emitter, Disposable, CompositeDisposable };

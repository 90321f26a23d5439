/// A `JSRegexNode` flattened into instructions for `JSRegexMatcher`: branches
/// become jumps and choice points, so matching needs no recursion (and no
/// stack) however long the subject or the pattern. Direction is fixed at
/// compile time: the inside of a lookbehind reads backwards.
struct JSRegexProgram: Sendable {
    enum Instruction: Sendable {
        case character(UInt16, forward: Bool)
        case set(Int, forward: Bool)
        /// One character of `sets[set]` repeated: how far it reaches is counted, then each count is a choice.
        case repeatSet(Int, min: Int, max: Int, greedy: Bool, forward: Bool)
        /// Go on at the next instruction; on failure, at `other`.
        case split(other: Int)
        case jump(Int)
        case groupStart(Int)
        case groupEnd(Int, forward: Bool)
        case backreference(Int, forward: Bool)
        case inputStart, inputEnd
        case wordBoundary(negated: Bool)
        /// ECMAScript's RepeatMatcher, as a loop: `loopInit` zeroes the count, `loopHead` chooses between
        /// another repetition (from `loopHead + 1`) and `exit`, `loopBody` clears the groups inside and
        /// notes where the repetition starts, `loopEnd` refuses an empty repetition past the minimum.
        case loopInit(Int)
        case loopHead(Int, min: Int, max: Int, greedy: Bool, exit: Int)
        case loopBody(Int, groups: Range<Int>)
        case loopEnd(Int, min: Int, head: Int)
        /// A look-around from here to its `lookEnd`; `next` follows the `lookEnd`.
        case lookStart(Int, negated: Bool, next: Int)
        case lookEnd(Int, negated: Bool)
        case match
    }

    private(set) var instructions: [Instruction] = []
    private(set) var sets: [JSCharacterSet] = []
    let groups: Int
    private(set) var loops = 0
    private(set) var looks = 0

    /// Register numbers: captures (two per group, group 0 unused), then each group's start, each loop's
    /// count and start, each look-around's choice-point mark.
    var registerCount: Int { 2 * (groups + 1) + (groups + 1) + 2 * loops + looks }
    func groupStartRegister(_ group: Int) -> Int { 2 * (groups + 1) + group }
    func loopCountRegister(_ loop: Int) -> Int { 3 * (groups + 1) + 2 * loop }
    func loopStartRegister(_ loop: Int) -> Int { 3 * (groups + 1) + 2 * loop + 1 }
    func lookMarkRegister(_ look: Int) -> Int { 3 * (groups + 1) + 2 * loops + look }

    /// Compiles a tree whose nesting `SearchPattern` has bounded (the compiler recurses on it).
    init(_ node: JSRegexNode, groups: Int) {
        self.groups = groups
        compile(node, forward: true)
        emit(.match)
    }

    @discardableResult
    private mutating func emit(_ instruction: Instruction) -> Int {
        instructions.append(instruction)
        return instructions.count - 1
    }

    private mutating func addSet(_ set: JSCharacterSet) -> Int {
        sets.append(set)
        return sets.count - 1
    }

    private mutating func compile(_ node: JSRegexNode, forward: Bool) {
        switch node {
        case .empty: return
        case .character(let c): emit(.character(c, forward: forward))
        case .set(let set): emit(.set(addSet(set), forward: forward))
        case .sequence(let items):
            for item in forward ? items : items.reversed() { compile(item, forward: forward) }
        case .alternation(let alternatives):
            var jumpsToEnd: [Int] = []
            for (k, alternative) in alternatives.enumerated() {
                guard k < alternatives.count - 1 else {
                    compile(alternative, forward: forward)
                    break
                }
                let split = emit(.split(other: -1))
                compile(alternative, forward: forward)
                jumpsToEnd.append(emit(.jump(-1)))
                instructions[split] = .split(other: instructions.count)
            }
            for j in jumpsToEnd { instructions[j] = .jump(instructions.count) }
        case .group(let inner, let capture):
            guard let n = capture else { return compile(inner, forward: forward) }
            emit(.groupStart(n))
            compile(inner, forward: forward)
            emit(.groupEnd(n, forward: forward))
        case .backreference(let n): emit(.backreference(n, forward: forward))
        case .inputStart: emit(.inputStart)
        case .inputEnd: emit(.inputEnd)
        case .wordBoundary(let negated): emit(.wordBoundary(negated: negated))
        case .look(let inner, let ahead, let negated):
            let look = looks
            looks += 1
            let start = emit(.lookStart(look, negated: negated, next: -1))
            compile(inner, forward: ahead)
            emit(.lookEnd(look, negated: negated))
            instructions[start] = .lookStart(look, negated: negated, next: instructions.count)
        case .repeated(let inner, let min, let max, let greedy, let groups):
            if max == 0 { return }
            switch inner {
            case .set(let set):
                emit(.repeatSet(addSet(set), min: min, max: max, greedy: greedy, forward: forward))
            case .character(let c):
                emit(.repeatSet(addSet(JSCharacterSet([c...c])), min: min, max: max, greedy: greedy, forward: forward))
            default:
                let loop = loops
                loops += 1
                emit(.loopInit(loop))
                let head = emit(.loopHead(loop, min: min, max: max, greedy: greedy, exit: -1))
                emit(.loopBody(loop, groups: groups))
                compile(inner, forward: forward)
                emit(.loopEnd(loop, min: min, head: head))
                instructions[head] = .loopHead(loop, min: min, max: max, greedy: greedy, exit: instructions.count)
            }
        }
    }
}

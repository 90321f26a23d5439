/// Runs a `JSRegexProgram` as ECMAScript specifies matching: backtracking over
/// UTF-16 code units, case-sensitively, the first alternative that leads to a
/// match winning. The alternatives not yet tried are choice points on the heap,
/// each with the height of a trail of the registers (captures, loop counts)
/// changed since, so no call recurses: a long subject or a deep repetition
/// costs memory, not stack. It counts its steps: past the deadline, or past
/// `maxChoices` pending alternatives, it gives up (`gaveUp`) and the search
/// stops as too slow.
final class JSRegexMatcher {
    private enum Kind: UInt8 {
        /// Go on at `pc` from `position`.
        case resume
        /// The inside of a look-around failed: a positive one fails, a negative one goes on at `pc`.
        case positiveLook, negativeLook
        /// The next count of a `repeatSet` (at `pc`) from `position`: `count`, down to or up to `limit`.
        case fewerRepeats, moreRepeats
    }

    private struct Choice {
        var kind: Kind
        var forward = true
        var pc: Int
        var position: Int
        var trail: Int
        var count = 0
        var limit = 0
    }

    /// About 50 MB of pending alternatives and 32 MB of trail: far beyond what a line of text needs
    /// (`(a|b)*` on a line of 100,000 characters leaves 200,000).
    static let maxChoices = 1 << 20
    static let maxTrail = 1 << 21

    private let program: JSRegexProgram
    private var registers: [Int]
    private var choices: [Choice] = []
    private var trail: [(register: Int, value: Int)] = []
    private var steps = 0
    private var nextClockCheck = 0
    private let deadline: ContinuousClock.Instant
    private(set) var gaveUp = false

    init(_ program: JSRegexProgram, deadline: ContinuousClock.Instant) {
        self.program = program
        registers = [Int](repeating: -1, count: program.registerCount)
        self.deadline = deadline
    }

    /// Whether the program matches anywhere in `subject` (JavaScript's `subject.match(regex)`).
    func firstMatch(in subject: [UInt16]) -> Bool {
        defer {
            choices = []
            trail = []
        }
        for start in 0...subject.count {
            if run(subject, from: start) { return true }
            if gaveUp { return false }
        }
        return false
    }

    private func set(_ register: Int, _ value: Int) {
        if !choices.isEmpty {
            if trail.count >= Self.maxTrail { gaveUp = true }
            trail.append((register, registers[register]))
        }
        registers[register] = value
    }

    private func push(_ choice: Choice) -> Bool {
        guard choices.count < Self.maxChoices else {
            gaveUp = true
            return false
        }
        choices.append(choice)
        return true
    }

    private func undo(to height: Int) {
        while trail.count > height {
            let (register, value) = trail.removeLast()
            registers[register] = value
        }
    }

    /// The program run from `start`: whether it reaches `match`.
    private func run(_ s: [UInt16], from start: Int) -> Bool {
        for r in registers.indices { registers[r] = -1 }
        choices.removeAll(keepingCapacity: true)
        trail.removeAll(keepingCapacity: true)
        var pc = 0, i = start
        while true {
            steps &+= 1
            if steps >= nextClockCheck {
                nextClockCheck = steps + 0x4000
                if gaveUp || ContinuousClock.now > deadline {
                    gaveUp = true
                    return false
                }
            }
            var ok = true
            switch program.instructions[pc] {
            case .character(let c, let forward):
                if forward, i < s.count, s[i] == c {
                    i += 1
                } else if !forward, i > 0, s[i - 1] == c {
                    i -= 1
                } else {
                    ok = false
                }
                pc += 1
            case .set(let k, let forward):
                if forward, i < s.count, program.sets[k].contains(s[i]) {
                    i += 1
                } else if !forward, i > 0, program.sets[k].contains(s[i - 1]) {
                    i -= 1
                } else {
                    ok = false
                }
                pc += 1
            case .repeatSet(let k, let min, let max, let greedy, let forward):
                ok = repeatSet(s, program.sets[k], min, max, greedy, forward, pc, &i)
                pc += 1
            case .split(let other):
                ok = push(Choice(kind: .resume, pc: other, position: i, trail: trail.count))
                pc += 1
            case .jump(let target): pc = target
            case .groupStart(let n):
                set(program.groupStartRegister(n), i)
                pc += 1
            case .groupEnd(let n, let forward):
                let from = registers[program.groupStartRegister(n)]
                set(2 * n, forward ? from : i)
                set(2 * n + 1, forward ? i : from)
                pc += 1
            case .backreference(let n, let forward):
                ok = backreference(s, n, forward, &i)
                pc += 1
            case .inputStart:
                ok = i == 0
                pc += 1
            case .inputEnd:
                ok = i == s.count
                pc += 1
            case .wordBoundary(let negated):
                let before = i > 0 && JSCharacterSet.word.contains(s[i - 1])
                let after = i < s.count && JSCharacterSet.word.contains(s[i])
                ok = (before != after) != negated
                pc += 1
            case .loopInit(let loop):
                set(program.loopCountRegister(loop), 0)
                pc += 1
            case .loopHead(let loop, let min, let max, let greedy, let exit):
                let count = registers[program.loopCountRegister(loop)]
                if count < min {
                    pc += 1
                } else if max != Int.max, count >= max {
                    pc = exit
                } else if greedy {
                    ok = push(Choice(kind: .resume, pc: exit, position: i, trail: trail.count))
                    pc += 1
                } else {
                    ok = push(Choice(kind: .resume, pc: pc + 1, position: i, trail: trail.count))
                    pc = exit
                }
            case .loopBody(let loop, let groups):
                for g in groups where g <= program.groups {
                    set(2 * g, -1)
                    set(2 * g + 1, -1)
                }
                set(program.loopStartRegister(loop), i)
                pc += 1
            case .loopEnd(let loop, let min, let head):
                // Once the minimum is reached, a repetition that matched nothing fails (so `(a*)*` ends).
                let count = registers[program.loopCountRegister(loop)]
                if count >= min, i == registers[program.loopStartRegister(loop)] {
                    ok = false
                } else {
                    set(program.loopCountRegister(loop), count + 1)
                    pc = head
                }
            case .lookStart(let look, let negated, let next):
                set(program.lookMarkRegister(look), choices.count)
                let kind: Kind = negated ? .negativeLook : .positiveLook
                ok = push(Choice(kind: kind, pc: next, position: i, trail: trail.count))
                pc += 1
            case .lookEnd(let look, let negated):
                // The inside matched: its other alternatives are never tried (a look-around is atomic).
                let mark = registers[program.lookMarkRegister(look)]
                let barrier = choices[mark]
                choices.removeSubrange(mark...)
                if negated {
                    undo(to: barrier.trail)
                    ok = false
                } else {
                    i = barrier.position
                    pc += 1
                }
            case .match: return true
            }
            if !ok, !backtrack(&pc, &i) { return false }
        }
    }

    /// Resumes at the latest choice point; false when none is left (or the matcher gave up).
    private func backtrack(_ pc: inout Int, _ i: inout Int) -> Bool {
        while !gaveUp, let choice = choices.popLast() {
            undo(to: choice.trail)
            switch choice.kind {
            case .resume, .negativeLook:
                pc = choice.pc
                i = choice.position
                return true
            case .positiveLook: continue
            case .fewerRepeats, .moreRepeats:
                let more = choice.kind == .moreRepeats
                if more ? choice.count < choice.limit : choice.count > choice.limit {
                    var next = choice
                    next.count += more ? 1 : -1
                    choices.append(next)
                }
                i = choice.forward ? choice.position + choice.count : choice.position - choice.count
                pc = choice.pc + 1
                return true
            }
        }
        return false
    }

    /// One character repeated: count how far it reaches, take the first count and leave the others as a choice.
    private func repeatSet(
        _ s: [UInt16], _ set: JSCharacterSet, _ min: Int, _ max: Int, _ greedy: Bool, _ forward: Bool, _ pc: Int,
        _ i: inout Int
    ) -> Bool {
        var n = 0
        let reach = forward ? s.count - i : i
        while n < max, n < reach, set.contains(s[forward ? i + n : i - 1 - n]) { n += 1 }
        steps &+= n
        guard n >= min else { return false }
        if n > min {
            let kind: Kind = greedy ? .fewerRepeats : .moreRepeats
            let choice = Choice(
                kind: kind, forward: forward, pc: pc, position: i, trail: trail.count, count: greedy ? n - 1 : min + 1,
                limit: greedy ? min : n)
            guard push(choice) else { return false }
        }
        let count = greedy ? n : min
        i = forward ? i + count : i - count
        return true
    }

    private func backreference(_ s: [UInt16], _ n: Int, _ forward: Bool, _ i: inout Int) -> Bool {
        let start = registers[2 * n], end = registers[2 * n + 1]
        guard start >= 0, end >= 0 else { return true }  // a group that took no part matches empty
        let length = end - start
        let from = forward ? i : i - length
        guard from >= 0, from + length <= s.count else { return false }
        for d in 0..<length where s[from + d] != s[start + d] { return false }
        i = forward ? i + length : i - length
        return true
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Testing
@testable import TaskPaper

/// `matches` backtracks on the heap, not the stack: patterns that backtrack
/// through every character of a 100,000-character line answer on a thread with
/// a 512 KiB stack. Searches run on Dispatch's worker threads, whose stack on
/// Linux is glibc's default (the stack limit, `ulimit -s`: 8 MiB, or 2 MiB when
/// unlimited), on the main thread (`taskpaper-lsp search`) and on the test
/// runner's threads. (The recursive matcher this replaced used about 3 KiB of
/// stack per level in a debug build: a 512 KiB stack overflowed within 200.)
@Suite struct SearchStackTests {
    static let smallStack = 512 * 1024

    static let document: Outline = {
        let run = String(repeating: "ab", count: 50_000)
        return SearchBadInputTests.outline("Project:\n\t- \(run)c\n\t- \(run)\n\t- short ab c\n")
    }()

    @Test(arguments: [
        ("^- (ab)*c$", [1]),
        ("^- (?:a|b)+$", [2]),
        ("^- (?:a(?=b)b)*c", [1]),
        ("^- (ab)(?:\\\\1)*$", [2]),  // a quoted value reads `\\` as one backslash
        ("^- (?:(?!c).)*$", [2]),
        ("c(?<=^- (?:ab)*c)$", [1]),
        ("^- " + String(repeating: "ab", count: 10_000), [1, 2]),
    ])
    func longBacktrackingAnswersOnASmallStack(pattern: String, expected: [Int]) throws {
        let query = try SearchQuery.parse("@text matches \"\(pattern)\"")
        let found = Self.onThread(stackSize: Self.smallStack) {
            try? query.evaluate(in: Self.document, clock: SearchBadInputTests.clock, timeLimit: .seconds(60))
        }
        #expect(found == expected, "\(pattern.prefix(40))")
    }

    /// The pattern's reader recurses on parentheses: it stops at 64 levels, as the matcher would refuse them.
    @Test func patternsNestedDeeperThan64AreRefusedWithoutRecursingFurther() {
        let deep = String(repeating: "(", count: 40_000) + "a" + String(repeating: ")", count: 40_000)
        for pattern in [deep, String(repeating: "(", count: 40_000)] {
            let message = Self.onThread(stackSize: Self.smallStack) {
                SearchBadInputTests.parseError("@text matches \"\(pattern)\"")?.message
            }
            #expect(message?.contains("nests too deeply") == true)
        }
        let nested64 = String(repeating: "(?:", count: 21) + "a" + String(repeating: ")", count: 21)
        #expect(SearchBadInputTests.parseError("@text matches \"\(nested64)\"") == nil)
    }

    /// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for its answer.
    static func onThread<T>(stackSize: Int, _ body: @escaping () -> T) -> T {
        let job = Job(body)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let context = Unmanaged.passRetained(job as AnyObject).toOpaque()
        let started = pthread_create(
            &thread, &attributes,
            { context in
                let job = Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue()
                (job as! any Runnable).run()
                return nil
            }, context)
        precondition(started == 0, "pthread_create: \(started)")
        #if canImport(Darwin)
            pthread_join(thread!, nil)
        #else
            pthread_join(thread, nil)
        #endif
        return job.result!
    }

    private protocol Runnable { func run() }

    private final class Job<T>: Runnable {
        let body: () -> T
        var result: T?
        init(_ body: @escaping () -> T) { self.body = body }
        func run() { result = body() }
    }
}

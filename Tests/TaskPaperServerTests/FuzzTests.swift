import Foundation
import Testing
import TaskPaperServer

/// Transport fuzzing against the real binary (issue 8): damaged framing,
/// bodies that are no JSON, JSON that is no message, every method with params
/// that don't fit, interleaved with probes whose answers must never change.
///
/// Quick by default (a few thousand frames). On demand:
///   TASKPAPER_FUZZ_FRAMES=1000000   how many fuzzed frames
///   TASKPAPER_FUZZ_SEED=N           replay a run (the seed is in every failure)
///   TASKPAPER_LSP=PATH              the server binary (e.g. a release build)
///   TASKPAPER_FUZZ_TRACE=FILE       record every byte sent
@Suite struct FuzzTests {
    @Test func fuzzedInputNeitherStopsTheServerNorChangesItsAnswers() throws {
        let frames = ProcessInfo.processInfo.environment["TASKPAPER_FUZZ_FRAMES"].flatMap { Int($0) } ?? 3_000
        let session = try FuzzSession(seed: SeededRandom(environment: "TASKPAPER_FUZZ_SEED").seed)
        do {
            try session.run(frames: frames)
            print(session.summary)
        } catch {
            Issue.record("\(error)\n\(session.summary)")
        }
        #expect(session.framesSent >= frames)
    }
}

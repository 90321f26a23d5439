import TaskPaper
import Foundation
import Testing
import TaskPaperServer

/// Transport fuzzing against the real binary: damaged framing,
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

    /// A header cut short and glued to the next message (a frame the fuzz
    /// never sends, as its barriers keep each damaged frame apart) must not
    /// take that message down with it: the reader resyncs on the next header.
    @Test(arguments: [
        "Content-Length: 5", "Content-Length: abc\r\n", "Content-Length: 99999999999", "Content-Len",
        "Content-Length: 5\r\n", "Content-Type: x\r\n", "Content-Length: -1\r\nContent-Type: y",
    ])
    func aDamagedHeaderDoesNotSwallowTheMessageAfterIt(damage: String) throws {
        let s = try RawServer(timeout: 20)
        let id = "\(RawServer.keptIDPrefix)after"
        try s.write(
            Array(damage.utf8)
                + RawServer.frame([
                    "jsonrpc": "2.0", "id": .string(id), "method": "initialize", "params": ["capabilities": [:]],
                ]))
        #expect(try s.response(id)["result"]?["capabilities"] != nil)
        #expect(s.closeInputAndWait() == 1)
    }
}

import Testing
import TaskPaperServer

/// The in-process server keeps the binary's rules: the lifecycle, unknown methods, exit codes.
@Suite struct InProcessTests {
    @Test func lifecycleChecksApplyInProcess() throws {
        let c = TestClient()
        let early = try c.requestResponse("textDocument/hover", LSPClient.at("file:///a.taskpaper", 0, 0))
        #expect(early["error"]?["code"] == -32002)
        try c.initialize()
        #expect(try c.requestResponse("initialize", ["capabilities": [:]])["error"]?["code"] == -32600)
        #expect(try c.requestResponse("taskpaper/noSuchRequest", [:])["error"]?["code"] == -32601)
        _ = try c.request("shutdown")
        #expect(
            try c.requestResponse("textDocument/hover", LSPClient.at("file:///a.taskpaper", 0, 0))["error"]?["code"]
                == -32600)
        c.notify("exit")
        #expect(c.server.hasExited)
        #expect(c.server.exitStatus == 0)
    }

    @Test func exitWithoutShutdownIsAnError() {
        let c = TestClient()
        c.notify("exit")
        #expect(c.server.exitStatus == 1)
    }

    @Test func aBodyThatIsNoJSONIsAnsweredAsTheBinaryWould() throws {
        let server = Server.inProcess()
        let answer = try #require(server.submit(body: Array(#"{"jsonrpc": "2.0", "id": 7, "method": 3}"#.utf8)))
        let json = try JSONParser.parse(answer)
        #expect(json["id"] == 7)
        #expect(json["error"]?["code"] == -32600)
    }
}

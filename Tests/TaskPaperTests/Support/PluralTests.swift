import Testing
import TaskPaper

@Suite struct PluralTests {
    @Test func countsWithTheirNoun() {
        #expect(Plural.count(0, "item") == "0 items")
        #expect(Plural.count(1, "item") == "1 item")
        #expect(Plural.count(2, "day") == "2 days")
        #expect(Plural.count(1, "item carries", "items carry") == "1 item carries")
        #expect(Plural.count(3, "item carries", "items carry") == "3 items carry")
    }
}

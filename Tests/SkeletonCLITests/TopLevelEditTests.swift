import Testing

@testable import skeleton

@Suite struct TopLevelEditTests {
    @Test func replacesOnlyTheValueOfAnExistingMember() {
        let text = "{\n  \"colorScheme\": \"light\",\n  \"root\": {\"colorScheme\": 1}\n}\n"
        #expect(
            TopLevelEdit.setting("colorScheme", to: "dark", in: text)
                == "{\n  \"colorScheme\": \"dark\",\n  \"root\": {\"colorScheme\": 1}\n}\n")
    }

    @Test func appendsAMissingMemberAfterTheLastOne() {
        let text = "{\n  \"root\": {\"type\": \"UIView\"}\n}\n"
        #expect(
            TopLevelEdit.setting("layoutDirection", to: "rtl", in: text)
                == "{\n  \"root\": {\"type\": \"UIView\"}, \"layoutDirection\": \"rtl\"\n}\n")
        #expect(TopLevelEdit.setting("a", to: "b", in: " { } ") == " {\"a\": \"b\" } ")
    }

    @Test func leavesTextThatIsNotAnObjectAlone() {
        #expect(TopLevelEdit.setting("a", to: "b", in: "[1]") == nil)
        #expect(TopLevelEdit.setting("a", to: "b", in: "{\"root\": ") == nil)
        #expect(TopLevelEdit.setting("a", to: "b", in: "") == nil)
    }
}

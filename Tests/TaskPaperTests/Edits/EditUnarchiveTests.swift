import Testing
import TaskPaper

/// The item tree as names: `A{b, c{d}}, E` (tags and blank lines left out).
func outlineShape(_ text: String) -> String {
    let outline = Outline(document: TextDocument(text: text), indentWidth: .auto)
    func shape(_ item: Int) -> String {
        let children = outline.children(of: item)
        let name = outline.lines[item].itemName
        return children.isEmpty ? name : "\(name){\(children.map(shape).joined(separator: ", "))}"
    }
    return outline.topLevelItems.map(shape).joined(separator: ", ")
}

/// Unarchives the archived items on `selection` (every archived item when nil) within `text`.
private func unarchive(_ text: String, selection: ClosedRange<Int>? = nil, reopen: Bool = false) -> String? {
    var doc = TextDocument(text: text)
    let outline = Outline(document: doc, indentWidth: .auto)
    let items = UnarchiveEdits.archivedItems(outline, in: selection ?? 0...doc.lineCount - 1)
    let replacements = UnarchiveEdits.unarchive(outline, items: items, reopen: reopen)
    guard !replacements.isEmpty else { return nil }
    doc.apply(replacements)
    return doc.text
}

/// Unarchives every item of the archive file `archive` into `target`: the texts of both after.
private func unarchive(
    from archive: String, into target: String, reopen: Bool = false
) -> (
    archive: String, target: String
) {
    var archiveDoc = TextDocument(text: archive)
    var targetDoc = TextDocument(text: target)
    let archiveOutline = Outline(document: archiveDoc, indentWidth: .auto)
    let items = UnarchiveEdits.archivedItems(archiveOutline, in: 0...archiveDoc.lineCount - 1)
    let edits = UnarchiveEdits.unarchive(
        from: archiveOutline, items: items, into: Outline(document: targetDoc, indentWidth: .auto), reopen: reopen)
    archiveDoc.apply(edits.archive)
    targetDoc.apply(edits.target)
    return (archiveDoc.text, targetDoc.text)
}

@Suite struct EditUnarchiveTests {
    let archived = """
        Home:
        \t- Call Bob
        \tErrands:
        \t\t- Bank

        Archive:
        \t- Buy milk @done(2026-11-20) @project(Home)
        \t\tfrom the corner shop
        \t- Post office @done @project(Home / Errands) @where(town)
        \t- loose @cancelled

        """

    @Test func aSelectionPicksTheArchivedItemsItTouches() {
        let outline = Outline(document: TextDocument(text: archived), indentWidth: .auto)
        #expect(UnarchiveEdits.archivedItems(outline, in: 7...7) == [6])
        #expect(UnarchiveEdits.archivedItems(outline, in: 7...8) == [6, 8])
        #expect(UnarchiveEdits.archivedItems(outline, in: 0...5).isEmpty)
        #expect(UnarchiveEdits.archivedItems(outline, in: 0...11) == [6, 8, 9])
        // Under a project called Archive that is not at the top level, nothing is archived.
        let nested = Outline(document: TextDocument(text: "A:\n\tArchive:\n\t\t- x @done\n"), indentWidth: .auto)
        #expect(UnarchiveEdits.archivedItems(nested, in: 0...2).isEmpty)
        #expect(UnarchiveEdits.unarchive(nested, items: [2], reopen: false).isEmpty)
    }

    @Test func itemsGoBackLastInTheirProjectsWithoutTheProjectTag() {
        let after = """
            Home:
            \t- Call Bob
            \tErrands:
            \t\t- Bank
            \t\t- Post office @done @where(town)
            \t- Buy milk @done(2026-11-20)
            \t\tfrom the corner shop
            - loose @cancelled

            Archive:

            """
        #expect(unarchive(archived) == after)
        #expect(
            outlineShape(after)
                == "Home{Call Bob, Errands{Bank, Post office}, Buy milk{from the corner shop}}, loose, Archive")
    }

    @Test func reopenAlsoRemovesDoneAndCancelled() {
        #expect(
            unarchive(archived, selection: 8...9, reopen: true) == """
                Home:
                \t- Call Bob
                \tErrands:
                \t\t- Bank
                \t\t- Post office @where(town)
                - loose

                Archive:
                \t- Buy milk @done(2026-11-20) @project(Home)
                \t\tfrom the corner shop

                """)
    }

    @Test func renamedOrDeletedProjectsAreRecreated() {
        // `Home` was renamed `House`: the path's projects are recreated before the archive, once for both items.
        let text = """
            House:
            \t- Call Bob

            Archive:
            \t- a @done @project(Home / Errands)
            \t- b @done @project(Home)
            \t- c @done @project(Home / Errands)
            """
        let after = """
            House:
            \t- Call Bob
            Home:
            \tErrands:
            \t\t- a @done
            \t\t- c @done
            \t- b @done

            Archive:
            """
        #expect(unarchive(text) == after)
        #expect(outlineShape(after) == "House{Call Bob}, Home{Errands{a, c}, b}, Archive")
    }

    @Test func theReadmeExample() {
        let text = "Job:\n\t- Draft\nArchive:\n\t- Report @done @project(Work / Q3)\n\t- Call @done\n"
        let after = "Job:\n\t- Draft\nWork:\n\tQ3:\n\t\t- Report @done\n- Call @done\nArchive:\n"
        #expect(unarchive(text) == after)
        #expect(outlineShape(after) == "Job{Draft}, Work{Q3{Report}}, Call, Archive")
    }

    @Test func aNestedPathOfWhichOnlyTheTopExists() {
        let text = "A:\n\t- kept\nB:\nArchive:\n\t- x @done @project(A / B / C)\n\t\tnote\n\n\t\tmore\n"
        let after = "A:\n\t- kept\n\tB:\n\t\tC:\n\t\t\t- x @done\n\t\t\t\tnote\n\n\t\t\t\tmore\nB:\nArchive:\n"
        #expect(unarchive(text) == after)
        #expect(outlineShape(after) == "A{kept, B{C{x{note, more}}}}, B, Archive")
    }

    @Test func projectNamesWithEscapedParentheses() {
        #expect(UnarchiveEdits.projectPath(#"Q3 \(draft\) / Plan"#) == ["Q3 (draft)", "Plan"])
        let text = "Q3 (draft):\n\t- open\nArchive:\n\t- x @done @project(Q3 \\(draft\\))\n"
        let after = "Q3 (draft):\n\t- open\n\t- x @done\nArchive:\n"
        #expect(unarchive(text) == after)
        #expect(outlineShape(after) == "Q3 (draft){open, x}, Archive")
    }

    @Test func projectsAreMatchedByNameWithoutTagsAndTheDeeperOneFillsFirst() {
        // `B` is the last child of `A`: both end at one line, so B's item must come before A's.
        let text = "A: @x\n\tB: @y\n\t\t- b\nArchive:\n\t- one @done @project(A)\n\t- two @done @project(A / B)\n"
        let after = "A: @x\n\tB: @y\n\t\t- b\n\t\t- two @done\n\t- one @done\nArchive:\n"
        #expect(unarchive(text) == after)
        #expect(outlineShape(after) == "A{B{b, two}, one}, Archive")
    }

    @Test func aPathCountsProjectsOnlyAndTheFirstOfTwoNamesakesWins() {
        // `B` sits under a task, so its path is `A / B`; the second `A:` is a namesake and gets nothing.
        let text =
            "A:\n\t- task\n\t\tB:\n\t\t\t- b\nA:\nArchive:\n\t- x @done @project(A / B)\n\t- y @done @project(A)\n"
        let after = "A:\n\t- task\n\t\tB:\n\t\t\t- b\n\t\t\t- x @done\n\t- y @done\nA:\nArchive:\n"
        #expect(unarchive(text) == after)
        #expect(outlineShape(after) == "A{task{B{b, x}}, y}, A, Archive")
    }

    @Test func spaceIndentedDocumentsStaySpaceIndented() {
        let text = "A:\n  - a\nArchive:\n  - x @done @project(A / New)\n    sub\n"
        let after = "A:\n  - a\n  New:\n    - x @done\n      sub\nArchive:\n"
        #expect(unarchive(text) == after)
        #expect(outlineShape(after) == "A{a, New{x{sub}}}, Archive")
    }

    @Test func fromAnArchiveFileIntoTheDocumentItArchives() {
        let archive = "Archive:\r\n\t- x @done @project(A / B)\r\n\t\tsub\r\n\t- y @done @project(Gone)\r\n"
        let result = unarchive(from: archive, into: "A:\n    B:\n        - b\n", reopen: true)
        #expect(result.archive == "Archive:\r\n")
        #expect(result.target == "A:\n    B:\n        - b\n        - x\n            sub\nGone:\n    - y\n")
        #expect(outlineShape(result.target) == "A{B{b, x{sub}}}, Gone{y}")
        // Into an empty document, and into one with no line end of its own.
        #expect(
            unarchive(from: archive, into: "").target
                == "A:\r\n\tB:\r\n\t\t- x @done\r\n\t\t\tsub\r\nGone:\r\n\t- y @done")
        #expect(unarchive(from: "Archive:\n\t- y @done\n", into: "A:").target == "A:\n- y @done")
    }

    @Test func archivingToAFileThenUnarchivingEverythingGivesTheItemsBack() throws {
        let original = """
            Work:
            \t- Report @done
            \t\tdraft in the shared folder
            \t- Review
            \tClients (2026):
            \t\t- Invoice @cancelled
            \t\t- Call
            \t\t- Quote @done(2026-11-02)

            \t\t\tsent by mail
            Home:
            \t- Paint @done
            - loose @done

            """
        var source = TextDocument(text: original)
        var archive = TextDocument(text: "")
        let archiving = ArchiveEdits.archiveDone(source.lines, toFile: nil, indentWidth: .auto)
        source.apply(archiving.source)
        archive.apply(archiving.archive)
        #expect(outlineShape(source.text) == "Work{Review, Clients (2026){Call}}, Home")

        let back = unarchive(from: archive.text, into: source.text)
        #expect(back.archive == "Archive:")
        // Every item is back under its projects, the archived ones last, in their order.
        #expect(
            back.target == """
                Work:
                \t- Review
                \tClients (2026):
                \t\t- Call
                \t\t- Invoice @cancelled
                \t\t- Quote @done(2026-11-02)

                \t\t\tsent by mail
                \t- Report @done
                \t\tdraft in the shared folder
                Home:
                \t- Paint @done
                - loose @done

                """)
        #expect(sortedShape(back.target) == sortedShape(original))
    }
}

/// `outlineShape` with every item's children sorted: the tree up to the order of siblings.
private func sortedShape(_ text: String) -> String {
    let outline = Outline(document: TextDocument(text: text), indentWidth: .auto)
    func shape(_ item: Int) -> String {
        let children = outline.children(of: item).map(shape).sorted()
        return outline.lines[item].text.trimmingPrefix(while: { $0 == "\t" }) + "{\(children.joined(separator: ", "))}"
    }
    return outline.topLevelItems.map(shape).sorted().joined(separator: ", ")
}

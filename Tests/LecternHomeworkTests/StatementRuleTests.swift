import Foundation
import Testing
import LecternModel
import LecternText
@testable import LecternHomework
@testable import LecternQuestions
import LecternJSON

/// The statement rules (`StatementRules`, docs/QUIZ.md): changes that make a claim plainly false, and read as English.
@Suite struct StatementRuleTests {
    /// A statement's false versions are claims the text does not make, not nonsense: no term is swapped in (quiz 19:
    /// "the GNU practice"), a name only for one the text writes next to a same word, no opposite of an adjective used
    /// as a noun or in "as … as" ("a member of the private", "as short as"), none before the sentence's own example,
    /// no two changes of one question that say the same, and a year moves by ten ("1989 Standard C" had become "1489").
    @Test func falseStatementsAreClaimsNotNonsense() throws {
        #expect(StatementQuestionMaker.hasNoOppositeHere(at: 4, ["any", "member", "of", "the", "public", "is", "a", "licensee"]))
        #expect(StatementQuestionMaker.hasNoOppositeHere(at: 1, ["as", "long", "as", "they", "preserve"]))
        #expect(!StatementQuestionMaker.hasNoOppositeHere(at: 1, ["the", "public", "license"]))
        #expect(StatementQuestionMaker.hasNoOppositeHere(at: 5, ["setting", "the", "sticky", "bit", "on", "prevents", "a", "file", "from", "being"]))
        #expect(StatementQuestionMaker.changedNumber("1989") == "1999" && StatementQuestionMaker.changedNumber("2095") == "2085")
        let maker = StatementQuestionMaker(wordNet: wordNet, validator: QuestionValidator(wordNet: wordNet))
        for name in ["gnu-standards-15", "debian-manifesto-01", "debian-faq-10"] {
            let text = try realPage(name)
            let facts = WorksheetFacts(body: Worksheet(text: text).body, sourceText: text, wordNet: wordNet)
            for question in maker.questions(from: facts, idPrefix: "t").map(\.question) {
                #expect(!question.optionOrigins.contains(.swappedTerm), "\(question.options)")
            }
        }
        // debian-faq-10: "… to the selected file, e.g., /usr/bin/trn." is an example of the claim before it.
        let exampled = "Which program is invoked is determined by a link pointing from a file with the virtual package name /etc/alternatives/news-reader to the selected file, e.g., /usr/bin/trn."
        #expect(StatementQuestionMaker.givesAnExampleAfter(exampled.range(of: "determined")!, in: exampled))
        let vocabulary = Vocabulary(sentences: [exampled], wordNet: wordNet)
        #expect(!maker.changes(of: exampled, vocabulary: vocabulary).contains { $0.origin == .negated })
        func words(_ sentence: String) -> [String] { Tokenizer.words(in: sentence).map { $0.text.lowercased() } }
        // "is not possible" and "is impossible" say the same: one question offers one of them.
        let possible = "A second installation is possible on the same machine."
        let changes = maker.changes(of: possible, vocabulary: Vocabulary(sentences: [possible], wordNet: wordNet))
        let negation = try #require(changes.first { $0.origin == .negated }), opposite = try #require(changes.first { $0.origin == .antonym })
        #expect(StatementQuestionMaker.sayTheSame(negation, opposite, words: words(possible)) && StatementQuestionMaker.sayTheSame(opposite, negation, words: words(possible)))
        // Debian Reference (dev page): "the less likely" and "the more unlikely" say the same; "smaller troubles" is
        // another change.
        let upgrade = "The larger the difference of the upgrade, the more likely you face larger troubles."
        let opposites = maker.changes(of: upgrade, vocabulary: Vocabulary(sentences: [upgrade], wordNet: wordNet)).filter { $0.origin == .antonym }
        let less = try #require(opposites.first { $0.note == "“less” for “more”" })
        let unlikely = try #require(opposites.first { $0.note == "“unlikely” for “likely”" })
        let smaller = try #require(opposites.first { $0.note.hasPrefix("“smaller”") })
        #expect(StatementQuestionMaker.sayTheSame(less, unlikely, words: words(upgrade)) && !StatementQuestionMaker.sayTheSame(unlikely, smaller, words: words(upgrade)))
    }

    @Test func statementQuestionsChangeOneThingAndSayWhat() throws {
        let statements = realPages.flatMap { build(try! realPage($0)).quiz.questions }.filter { $0.kind == .statement }
        #expect(!statements.isEmpty)
        for question in statements {
            let answer = question.options[question.answerIndex]
            // The explanation quotes the whole sentence; a statement cut from it at a clause boundary is part of it.
            let quoted = QuestionValidator.quotations(in: question.explanation)
            #expect(quoted.contains { $0.lowercased().contains(answer.lowercased()) }, "\(question.explanation)")
            for (index, option) in question.options.enumerated() where index != question.answerIndex {
                // One change: the false statement keeps the words of a sentence the explanation quotes (the answer's,
                // or another one's) but for one or two.
                let changed = ([answer] + quoted).map { Set(option.split(separator: " ")).symmetricDifference($0.split(separator: " ")).count }.min() ?? 0
                #expect((1...6).contains(changed), "\(option)")
                #expect([.negated, .antonym, .changedNumber, .swappedName].contains(question.optionOrigins[index]))
            }
        }
    }

    /// A false statement must still be English and false: no opposite within four words after a negation ("no unreal
    /// starting point", "may or may not be unavailable", "without having to be unfamiliar") or right after a measurement
    /// ("kilometres short"), no "few" for "most of the digging", no "no" for "all the water".
    @Test func oppositesInStatementsReadAsEnglish() throws {
        let tokens = { (text: String) in Tokenizer.words(in: text) }
        let sentence = tokens("It has no real starting point, and most of the digging was done by the most powerful teams while most rivers flow.")
        func position(_ word: String, after: Int = 0) -> Int { sentence.indices.first { $0 >= after && sentence[$0].text == word }! }
        #expect(!StatementQuestionMaker.opposes(at: position("real"), in: sentence))
        #expect(!StatementQuestionMaker.opposes(at: position("most"), in: sentence))
        #expect(!StatementQuestionMaker.opposes(at: position("most", after: position("the") + 1), in: sentence))
        #expect(StatementQuestionMaker.opposes(at: position("most", after: position("powerful")), in: sentence))
        // Within four words of the negation the claim is the negation's ("no real starting point"); after them, not.
        #expect(!StatementQuestionMaker.opposes(at: position("starting"), in: sentence))
        #expect(StatementQuestionMaker.opposes(at: position("digging"), in: sentence))
        let hedged = tokens("Source code may or may not be available, without having to be familiar with it.")
        #expect(!StatementQuestionMaker.opposes(at: hedged.firstIndex { $0.text == "available" }!, in: hedged))
        #expect(!StatementQuestionMaker.opposes(at: hedged.firstIndex { $0.text == "familiar" }!, in: hedged))
        let measured = tokens("The Nile is about 6,650 kilometres long, and all the water and all rivers flow.")
        #expect(!StatementQuestionMaker.opposes(at: measured.firstIndex { $0.text == "long" }!, in: measured))
        #expect(!StatementQuestionMaker.opposes(at: measured.firstIndex { $0.text == "all" }!, in: measured))
        #expect(StatementQuestionMaker.opposes(at: measured.lastIndex { $0.text == "all" }!, in: measured))
        for name in samples {
            for question in build(try worksheet(name)).quiz.questions where question.kind == .statement {
                for option in question.options {
                    #expect(!["no unreal", "Few of", "few of", "of no the", "kilometres short"].contains { option.contains($0) }, "\(option)")
                }
            }
        }
    }

    /// A long sentence gives statements cut at a clause boundary that the text still supports read alone: each side
    /// of a semicolon, the clause before ", but"; never a condition's consequence without its condition, never a cut
    /// inside a quotation (debian-faq-10 quotes a section title with semicolons in it).
    @Test func longSentencesGiveStatementsCutAtAClauseBoundary() throws {
        func sentence(_ page: String, _ start: String) throws -> String {
            try SentenceSplitter.split(realPage(page).replacingOccurrences(of: "\n", with: " ")).first { $0.hasPrefix(start) }!
        }
        func cuts(_ sentence: String) -> [String] { StandaloneClauses.cuts(of: sentence, words: StatementQuestionMaker.statementWords) }
        #expect(cuts(try sentence("debian-faq-15", "A single link")) == [
            "A single link is insufficient to support full use of an alternate program",
            "normally, manual pages, and possibly other supporting files must be selected as well",
        ])
        #expect(cuts(try sentence("debian-faq-15", "The news server")) == [
            "The news server package might 'recommend' that there exist some news reader on the system",
        ])
        #expect(cuts(try sentence("debian-faq-10", "If either one")).isEmpty)
        #expect(cuts(try sentence("debian-faq-10", "The relevant command")).isEmpty)
        #expect(cuts("Whereas many other distributions are developed by individuals, small groups, or vendors, Debian is developed by an association of individuals.")
            == ["Debian is developed by an association of individuals"])
        // In a quiz, a statement is written as a sentence starts and is verbatim in the text. (A long sentence's clause
        // was asked here, "Normally, manual pages … must be selected as well", beside another question on the same
        // sentence; since issue 27 a sentence serves one question, and these pages ask the sentence whole.)
        for name in realPages + ["debian-faq-01", "debian-faq-05", "debian-faq-06", "debian-faq-08", "gnu-standards-15", "social-contract-01"] {
            let text = try realPage(name)
            for question in build(text).quiz.questions where question.kind == .statement {
                let answer = question.options[question.answerIndex]
                #expect(answer.first?.isUppercase == true)
                #expect(CharacterCollapse.collapse(text).contains(CharacterCollapse.collapse(answer)), "\(answer)")
            }
        }
    }

    /// Where the sentences offer one change each, a statement question takes its false statements from three other
    /// sentences (debian-faq-13: "Lower numbered scripts are executed first."): each changed once, by a change that
    /// alone makes it false, and named in the explanation with the sentence it was made in.
    @Test func statementsAcrossSentencesChangeThreeOtherSentencesOnce() throws {
        let text = try realPage("debian-faq-13")
        let across = build(text).quiz.questions.filter { $0.kind == .statement && $0.explanation.contains("in another sentence") }
        #expect(!across.isEmpty)
        let sentences = SentenceSplitter.split(text.replacingOccurrences(of: "\n", with: " "))
        for question in across {
            let answer = question.options[question.answerIndex]
            #expect(sentences.contains(answer))
            let sources = question.options.enumerated().filter { $0.offset != question.answerIndex }.map { option in
                sentences.firstIndex { Set(option.element.split(separator: " ")).symmetricDifference($0.split(separator: " ")).count <= 2 }
            }
            #expect(!sources.contains(nil) && Set(sources).count == 3, "\(question.options)")
            for index in sources.compactMap({ $0 }) { #expect(question.explanation.contains("“\(sentences[index])”")) }
            #expect(question.optionOrigins.filter { $0 != .answer }.allSatisfy { [.negated, .antonym].contains($0) })
        }
    }

    /// Alone, a change must make its sentence false: not in a condition or a description ("If either one is installed",
    /// "scripts that are documented"), not "there are not a few", not a hedge ("may be able"), not "for more information",
    /// not inside a quoted name ("reply to all recipients").
    @Test func aChangeMadeAloneIsAPlainFalsehood() throws {
        let maker = StatementQuestionMaker(wordNet: wordNet, validator: QuestionValidator(wordNet: wordNet))
        let vocabulary = Vocabulary(sentences: [], wordNet: wordNet)
        func sureChanges(_ sentence: String) -> [String] {
            let tokens = Tokenizer.words(in: sentence)
            return maker.changes(of: sentence, vocabulary: vocabulary)
                .filter { StatementQuestionMaker.isSure($0, tokens.map { $0.text.lowercased() }) }
                .map(\.sentence)
        }
        #expect(sureChanges("Lower numbered scripts are executed first.").contains("Lower numbered scripts are not executed first."))
        #expect(sureChanges("Also, please write complete sentences and capitalize the first word.")
            == ["Also, please write complete sentences and capitalize the last word."])
        #expect(sureChanges("The gzip format was designed to keep the name and last modification date of a file.")
            .allSatisfy { !$0.contains("first modification") })
        #expect(sureChanges("If either one is installed, then any program depending on it will be satisfied.").isEmpty)
        #expect(sureChanges("There are a few special cases where this technique is hard to use.").isEmpty)
        #expect(sureChanges("CD manufacturers may be able to distribute the programs we have placed in that directory.").isEmpty)
        #expect(sureChanges("For more information about headers, see the instructions for reporting bugs.").isEmpty)
        #expect(sureChanges("Do not use the \"reply to all recipients\" feature of your mailer.").isEmpty)
        #expect(!StatementQuestionMaker.isPlainClaim("This usually means putting each one in a separate source file."))
        #expect(!StatementQuestionMaker.isPlainClaim("(There are, of course, some exceptions.)"))
        #expect(StatementQuestionMaker.isPlainClaim("Lower numbered scripts are executed first."))
        // A key that is the only option without a "not" is picked without reading.
        #expect(StatementQuestionMaker.negationGivesKeyAway("Lower numbered scripts are executed first.",
            ["Lower numbered scripts are not executed first.", "The scripts are not links.", "Services cannot be killed."]))
        #expect(!StatementQuestionMaker.negationGivesKeyAway("Hyphens not followed by a digit are currently ignored.",
            ["Leading zeros are not ignored.", "':SECOND' cannot be omitted.", "Case is not ignored."]))
        // Whatever the question: no double negative, no opposite of a condition's word, no "not" left out before "any".
        let all = { (sentence: String) in maker.changes(of: sentence, vocabulary: vocabulary).map(\.sentence) }
        #expect(!all("Specifying 'DESTDIR' should not change the operation of the software in any way.").contains {
            $0.contains("should change") })
        #expect(!all("There is usually no purpose in restating the name of the function.").contains { $0.contains("is not usually no") })
        // No change of a quoted word: a suite's name 'stable' is no claim.
        #expect(!all("If you are running testing, the third field will be either 'bookworm' or 'stable'.").contains {
            $0.contains("'unstable'") })
        #expect(!all("If necessary, add extra chapters at the beginning of the manual.").contains { $0.contains("unnecessary") })
        // English that reads (fourth review): no "as a fractional", "refuse to incomplete", "there are not some",
        // "is not insufficient"; the listed contradictions of verbs stay ("must exclude").
        #expect(!all("You must license the entire work, as a whole, under this License.").contains { $0.contains("fractional") })
        #expect(!all("Then dpkg will refuse to complete the installation.").contains { $0.contains("incomplete") })
        #expect(!all("There are some user lists for other languages available.").contains { $0.contains("are not some") })
        #expect(!all("A single link is insufficient to support full use of an alternate program.").contains { $0.contains("not insufficient") })
        #expect(all("The program must include source code.").contains { $0.contains("must exclude") })
        // A negation in the main clause only; a condition closed by a comma leaves the main clause after it.
        let conditional = all("If either one is installed, then any program depending on it will be satisfied by the package.")
        #expect(!conditional.contains { $0.contains("is not installed") })
        #expect(conditional.contains { $0.contains("will not be satisfied") })
        #expect(!all("External symbols that are not documented entry points should have names beginning with '_'.").contains {
            $0.contains("that are documented") })
    }

    /// A verb's participle gets no opposite in a statement: debian-faq-06's "you are running a different distribution"
    /// became "you are standing a different distribution", and "can be used" "can be misused". Adjectives keep theirs.
    @Test func aParticipleGetsNoOppositeInAStatement() throws {
        let vocabulary = Vocabulary(sentences: ["Large files are used here."], wordNet: wordNet)
        for participle in ["running", "used", "published", "continued", "distributed"] { #expect(vocabulary.antonym(of: participle) == nil, "\(participle)") }
        #expect(vocabulary.antonym(of: "large") == "small")
        let statements = build(try realPage("debian-faq-06")).quiz.questions.filter { $0.kind == .statement }.flatMap(\.options)
        #expect(!statements.contains { $0.contains("standing") }, "\(statements)")
    }

    /// No opposite inside a WordNet phrase or of a superlative's "most": GNU standards pages had "make sure" become
    /// "make uncertain", "In general" "In specific", "at all" "at no"; the printing-press sample's "most famous book"
    /// would become "few famous book", debian-faq-08's "Due to restrictions" "Undue to restrictions", and its "may or
    /// may not be available" (true either way) "may or may not be unavailable". A plain opposite stays ("always" → "never").
    @Test func noOppositeInsideAPhraseOrOfASuperlative() {
        let sentences = ["You might want to make sure that none of the file names would conflict on an MS-DOS file system.",
                         "In general, a GNU manual should serve both as tutorial and reference.",
                         "You should not set the value of 'DESTDIR' in your 'Makefile' at all.",
                         "Gutenberg's most famous book is the Bible he finished around 1455.",
                         "The maintainers always answer the bug reports.",
                         "Due to restrictions in their licenses, source code may or may not be available for packages in the \"contrib\" and \"non-free\" areas."]
        let vocabulary = Vocabulary(sentences: sentences, wordNet: wordNet)
        let maker = StatementQuestionMaker(wordNet: wordNet, validator: QuestionValidator(wordNet: wordNet))
        let opposites = sentences.map { maker.changes(of: $0, vocabulary: vocabulary).filter { $0.origin == .antonym }.map(\.note) }
        #expect(opposites[0].isEmpty && opposites[1].isEmpty && opposites[2].isEmpty && opposites[3].isEmpty, "\(opposites)")
        #expect(opposites[4] == ["“never” for “always”"])
        #expect(opposites[5].isEmpty, "\(opposites[5])")
    }

    @Test func aNameIsNotSwappedForOneTheTextJoinsToIt() throws {
        let text = try realPage("debian-manifesto-01")
        for question in build(text).quiz.questions where question.kind == .statement {
            for (index, origin) in question.optionOrigins.enumerated() where origin == .swappedName {
                let answer = question.options[question.answerIndex], option = question.options[index]
                #expect(!(answer.contains("Debian") && option.contains("Linux is able")), "\(option)")
                #expect(option.range(of: #"\b[A-Z]{2,}\b"#, options: .regularExpression) == nil || answer.range(of: #"\b[A-Z]{2,}\b"#, options: .regularExpression) != nil, "\(option)")
            }
        }
        let vocabulary = Vocabulary(sentences: ["Debian Linux is a brand-new kind of Linux distribution."], wordNet: wordNet)
        #expect(vocabulary.joinedNames.contains("Debian|Linux"))
    }
}

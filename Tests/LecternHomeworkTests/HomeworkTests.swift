import Foundation
import Testing
import LecternModel
import LecternText
@testable import LecternHomework
@testable import LecternQuestions
import LecternJSON


private func worksheet(_ name: String) throws -> String {
    try String(contentsOf: repoRoot.appendingPathComponent("scripts/samples/photos/\(name).txt"), encoding: .utf8)
}

private let samples = ["water-cycle", "erie-canal", "printing-press", "rivers-of-africa"]
private let distractorOrigins: Set<OptionOrigin> = [
    .wordnetCoordinate, .sameTextTerm, .samePOSFrequencyBand, .sameTextYear, .nearbyYear, .nearbyNumber,
    .sameTextName, .sameTextNameParts, .sameTextWord, .sameTextAdjective, .otherSense,
    .changedNumber, .negated, .antonym, .swappedName, .swappedTerm, .sameTopicWord,
    .wordnetSister, .wordnetCousin, .sameTextKind, .otherParagraphTopic,
]

@Suite struct HomeworkTests {
    @Test(arguments: samples)
    func worksheetGetsItsLengthFairCountOfValidQuestions(name: String) throws {
        let text = try worksheet(name)
        let bundle = build(text)
        // 235–255 words: 9 or 10 questions. Fewer good questions rather than padding: a sheet that falls short says so.
        // Since issue 27 item 4 (no question without three good options) the samples got 7–9, and since quiz 18 (no
        // describing-word clozes on the text's other adjectives) 5–7, since quiz 19 (no swapped terms in statements) 4–7.
        let target = try #require(bundle.quiz.questionTarget)
        #expect(target >= 9 && bundle.quiz.questions.count <= target)
        if bundle.quiz.questions.count == target {
            #expect(bundle.status == .ok, "\(bundle.statusReason ?? "")")
        } else {
            #expect(bundle.quiz.questions.count >= 4, "\(name)")
            #expect(bundle.status == .partial && bundle.statusReason?.contains("only") == true)
        }
        let validator = QuestionValidator(wordNet: wordNet)
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for question in bundle.quiz.questions {
            #expect(validator.problems(question, sourceText: text).isEmpty, "\(question.stem)")
            #expect(question.options.count == 4)
            // The explanation quotes the source sentence the question was made from.
            let quoted = question.explanation.components(separatedBy: "“").last!.dropLast()
            #expect(flat.contains(quoted), "\(question.explanation)")
        }
        #expect(bundle.title == text.split(separator: "\n").first.map(String.init))
    }

    @Test(arguments: samples)
    func everyOptionRecordsItsOrigin(name: String) throws {
        for question in build(try worksheet(name)).quiz.questions {
            #expect(question.optionOrigins.count == 4)
            #expect(question.optionOrigins[question.answerIndex] == .answer)
            #expect(question.optionOrigins.filter { $0 == .answer }.count == 1)
            for (index, origin) in question.optionOrigins.enumerated() where index != question.answerIndex {
                #expect(distractorOrigins.contains(origin), "\(origin)")
            }
        }
    }

    /// The samples and the real pages together ask every kind of cloze and definitions. Since issue 27 item 4 the
    /// samples' definitions have no three options of their kind; the real pages' do ("operating system", "web browser").
    @Test func quizzesMixClozeAndDefinitionQuestions() throws {
        var kinds = Set<QuestionKind>()
        for name in samples { kinds.formUnion(build(try worksheet(name)).quiz.questions.map(\.kind)) }
        #expect(kinds.isSuperset(of: [.clozeYear, .clozeNumber, .clozeTerm]))
        for name in realPages { kinds.formUnion(build(try realPage(name)).quiz.questions.map(\.kind)) }
        #expect(kinds.isSuperset(of: [.definition, .clozeYear, .clozeNumber, .clozeTerm]))
    }

    @Test(arguments: samples)
    func definitionQuestionsFollowTheRules(name: String) throws {
        let definitions = build(try worksheet(name)).quiz.questions.filter { $0.kind == .definition }
        for question in definitions {
            #expect(question.stem.hasPrefix("Which word means “") || question.stem.hasPrefix("Which term means “"))
            let answer = question.options[question.answerIndex]
            // The gloss is WordNet's for the answer, and does not give the answer away.
            #expect(wordNet.synsets(of: answer).contains { question.stem.contains($0.gloss.components(separatedBy: " (").first!) })
            #expect(!question.stem.lowercased().contains(answer))
            let answerPOS = Set(wordNet.lemmas(of: answer).map(\.pos))
            let answerBand = FrequencyBand.of(answer, pos: .noun, in: wordNet)
            for (index, option) in question.options.enumerated() where index != question.answerIndex {
                #expect(!wordNet.areRelated(option, answer), "\(option) / \(answer)")
                #expect(!answerPOS.isDisjoint(with: wordNet.lemmas(of: option).map(\.pos)), "\(option) / \(answer)")
                #expect(FrequencyBand.similar(FrequencyBand.of(option, pos: .noun, in: wordNet), answerBand), "\(option) / \(answer)")
            }
        }
    }

    @Test(arguments: samples)
    func instructionsAndNumberedQuestionsAreNeverFacts(name: String) throws {
        let text = try worksheet(name)
        let exercises = text.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(!exercises.isEmpty)
        for question in build(text).quiz.questions {
            #expect(!question.stem.contains("Answer all questions"))
            for exercise in exercises {
                let words = exercise.split(separator: " ").dropFirst().prefix(4).joined(separator: " ")
                #expect(!question.stem.contains(words), "\(question.stem)")
                #expect(!question.explanation.contains(words), "\(question.explanation)")
            }
        }
    }

    /// A photo of a two-column page whose sentences run from the foot of one column to the head of the next, and whose
    /// last full stop the OCR lost (GNU Coreutils manual, GFDL 1.3+): the cut pieces are not sentences, so no question
    /// stands on them.
    @Test func sentencesCutByTheColumnOrTheOCRAreNotAskedAbout() {
        let text = """
        Sorting lines

        Many options affect how sort compares lines; if the results are unexpected, try the debug option to see what \
        happened. If no key fields are specified, sort uses a default key of the entire line. Finally, as a last resort \
        when all keys compare equal, sort compares entire lines as if no ordering options other than reverse were

        Specified. The stable option disables this last-resort comparison so that lines in which all fields compare \
        equal are left in their original relative order. Unless otherwise specified, all comparisons use the \
        character collating sequence specified by the

        LC_COLLATE locale, and a line's trailing newline is not part of the line for comparison purposes. If the \
        final byte of an input file is not a newline, GNU sort silently supplies one

        Sort has three modes of operation: sort, merge, and check for sortedness.
        """
        let bundle = build(text)
        #expect(!bundle.quiz.questions.isEmpty)
        for question in bundle.quiz.questions {
            let shown = ([question.stem] + question.options).joined(separator: " ")
            #expect(!shown.contains("ordering options other than"), "\(question.stem)")
            #expect(!shown.contains("silently supplies"), "\(question.stem)")
            #expect(!shown.contains("collating sequence") && !shown.contains("trailing newline"), "\(question.stem)")
        }
        #expect(Worksheet.isClosedSentence("He said \u{201C}it is late.\u{201D}"))
        #expect(!Worksheet.isClosedSentence("GNU sort silently supplies one"))
    }

    @Test func wrappedExercisesAndInstructionsAreLeftOut() {
        let text = """
        Volcanoes

        Read the text carefully, then answer the questions.
        A volcano is an opening in the crust of the planet. Magma rises because it is lighter than the rock around it.

        1. Explain why farmers grow coffee on the slopes of a volcano and
        what the soil there contains.
        2. Use the text to describe the crater in 1980.
        """
        let sheet = Worksheet(text: text)
        #expect(sheet.title == "Volcanoes")
        #expect(!sheet.body.contains("farmers"))
        #expect(!sheet.body.contains("soil there"))
        #expect(!sheet.body.contains("crater"))
        #expect(!sheet.body.contains("Read the text"))
        #expect(sheet.body.contains("Magma rises"))
        #expect(Worksheet.isInstruction("Answer all questions in full sentences."))
        #expect(Worksheet.isInstruction("How many arches did the stone bridge have?"))
        #expect(!Worksheet.isInstruction("The bridge had seven arches."))
    }

    /// A worksheet of numbered statements quoted from a real manual ("Read each statement and explain it in your own
    /// words.") has content to ask about: the statements are facts of the text, not exercises. Since issue 27 item 4
    /// (no question without three good options) none of its blanks has three options of its kind, so the quiz is
    /// `partial` with none, and says why; never padded.
    @Test func numberedStatementsAreContent() throws {
        let text = try String(contentsOf: repoRoot.appendingPathComponent("Tests/LecternHomeworkTests/Fixtures/real-pages/coreutils-worksheet.txt"), encoding: .utf8)
        let sheet = Worksheet(text: text)
        #expect(sheet.body.contains("Any attempt to remove a file whose last file name component"))
        #expect(!sheet.body.contains("Read each statement"))
        let facts = WorksheetFacts(body: sheet.body, sourceText: text, wordNet: wordNet)
        #expect(facts.sentences.contains { $0.hasPrefix("Any attempt to remove a file whose last file name component") })
        let bundle = build(text)
        // 113 words: a target of 4.
        #expect(bundle.quiz.questionTarget == 4)
        #expect(bundle.quiz.questions.count == 4 ? bundle.status == .ok
                : bundle.status == .partial && bundle.statusReason?.contains("good questions of the 4") == true, "\(bundle.statusReason ?? "")")
        let validator = QuestionValidator(wordNet: wordNet)
        #expect(bundle.quiz.questions.allSatisfy { validator.problems($0, sourceText: text).isEmpty })
    }

    /// A statement's own words do not make a sheet of statements to judge: the coreutils manual's "there is no one
    /// correct way … to order items" had made all four statements exercises, and the page got no question. Its four
    /// statements are the sheet's content. Since issue 27 item 4 (no question without three good options) they give
    /// no question: the quiz is `partial` and says the text supports too few good questions, not that it has none.
    @Test func onlyTheSheetsInstructionsSayStatementsAreToBeJudged() throws {
        let text = try realPage("coreutils-time-worksheet")
        #expect(Worksheet(text: text).body.contains("Lexicographic sorting usually does not produce the order"))
        let facts = WorksheetFacts(body: Worksheet(text: text).body, sourceText: text, wordNet: wordNet)
        #expect(facts.sentences.contains { $0.hasPrefix("Lexicographic sorting usually does not produce the order") })
        let bundle = build(text)
        #expect(bundle.quiz.questionTarget == 4)
        #expect(bundle.quiz.questions.count == 4 ? bundle.status == .ok
                : bundle.status == .partial && bundle.statusReason?.contains("good questions of the 4") == true, "\(bundle.statusReason ?? "")")
        let validator = QuestionValidator(wordNet: wordNet)
        #expect(bundle.quiz.questions.allSatisfy { validator.problems($0, sourceText: text).isEmpty })
    }

    /// A page whose numbered clauses run together on one line (the Debian Constitution's resolution procedure) is
    /// prose: a "below" in its first sentence is no instruction, and the items' numbers ("…their Delegate: 1. If …")
    /// are neither sentences nor numbers to ask about; a date or a section reference is never changed or blanked.
    @Test func numberedClausesOnOneLineAreProse() throws {
        let text = try realPage("debian-constitution-probe-03")
        let facts = WorksheetFacts(body: Worksheet(text: text).body, sourceText: text, wordNet: wordNet)
        #expect(facts.sentences.contains("The Developers follow the Standard Resolution Procedure, below."))
        #expect(facts.sentences.contains { $0.hasPrefix("If the Project Leader or their Delegate, or the Technical Committee") })
        #expect(!facts.sentences.contains { $0.range(of: #"^[0-9]+\.|: [0-9]+\.$"#, options: .regularExpression) != nil })
        let bundle = build(text)
        // 441 words: a target of 10; 8 since issue 27 item 4 (no question without three good options), 6 since quiz 18
        // (no describing-word clozes on the text's other adjectives), 5 since quiz 19 (no swapped terms), `partial`.
        #expect(bundle.quiz.questionTarget == 10 && bundle.quiz.questions.count >= 5, "\(bundle.statusReason ?? "")")
        #expect(bundle.quiz.questions.count == 10 ? bundle.status == .ok : bundle.status == .partial && bundle.statusReason?.contains("only") == true)
        for question in bundle.quiz.questions {
            #expect(!question.options.contains { $0.contains("§") && !$0.contains("§4.1(3)") }, "\(question.options)")
            #expect(!(question.kind == .clozeNumber && question.stem.hasSuffix(": _____.")), "\(question.stem)")
        }
        func glued(_ word: String, _ sentence: String) -> Bool {
            SentenceSearch.isPartOfAddress(SentenceSearch.wholeWordRange(of: word, in: sentence)!, in: sentence)
        }
        let times = "can represent times from 1901-12-13 20:45:52 through 2038-01-19 03:14:07 UTC."
        #expect(glued("2038", times) && glued("1901", times) && glued("45", times))
        #expect(!glued("2038", "The counter overflows in 2038.") && !glued("3", "It has three parts (3 in all)."))
        #expect(glued("3", "see §4.1(3)."))
    }

    /// A short page's own nouns run out of options; when a term's sense is unclear, the common words of the topic the
    /// whole text leans to (computing, for the Debian FAQ and manifesto) are options of its subject, never WordNet's
    /// sisters of an uncertain sense. A text with no such lean (the water-cycle sample) gets none. Since issue 27 item 4
    /// a topic word is a loose option, one at most in a question; the manifesto asks no question with one now, and any
    /// that offers one offers a word of the text's topic.
    @Test func topicWordsAreOptionsOfTheTextsSubject() throws {
        let faq = try realPage("debian-faq-01")
        let topicOfFAQ = Set(WorksheetFacts(body: Worksheet(text: faq).body, sourceText: faq, wordNet: wordNet).vocabulary.topicNouns.map(\.word))
        #expect(topicOfFAQ.contains("compiler") && topicOfFAQ.contains("software"), "\(topicOfFAQ.sorted().prefix(30))")
        let manifesto = try realPage("debian-manifesto-01")
        let facts = WorksheetFacts(body: Worksheet(text: manifesto).body, sourceText: manifesto, wordNet: wordNet)
        let topic = Set(facts.vocabulary.topicNouns.map(\.word))
        #expect(topic.allSatisfy(FamiliarWord.isCommon))
        let questions = build(manifesto).quiz.questions
        let withTopicWords = questions.filter { $0.optionOrigins.contains(.sameTopicWord) }
        let validator = QuestionValidator(wordNet: wordNet)
        for question in questions where question.kind != .mainIdea {
            #expect(question.optionOrigins.filter(\.isLoose).count <= 1, "\(question.options)")
        }
        for question in withTopicWords {
            #expect(validator.problems(question, sourceText: manifesto).isEmpty)
            for (option, origin) in zip(question.options, question.optionOrigins) where origin == .sameTopicWord {
                #expect(topic.contains(option.lowercased()) || topic.contains(String(option.lowercased().dropLast())), "\(option)")
            }
        }
        let water = try worksheet("water-cycle")
        #expect(WorksheetFacts(body: Worksheet(text: water).body, sourceText: water, wordNet: wordNet).vocabulary.topicNouns
            .allSatisfy { $0.word != "compiler" })
    }

    /// The number of a section, chapter or item names a part of a document, not a fact ("see Section _____, “What's in
    /// the pool directory?”" was asked on the Debian FAQ); a capitalised stop word after a colon ("A: The .xz format",
    /// the xz FAQ) is no name to blank.
    @Test func referencesAndStopWordsAreNotAnswers() throws {
        let tokens = Tokenizer.words(in: "The source code is distributed in the pool directory (see Section 6.10, “What's in the pool directory?”).")
        #expect(Vocabulary.isReference(at: tokens.firstIndex { $0.text == "6.10" }!, in: tokens))
        #expect(!Vocabulary.isReference(at: 3, in: Tokenizer.words(in: "The river is 6,650 kilometres long.")))
        #expect(!Vocabulary.names(in: Tokenizer.words(in: "A: The .xz format is documented in xz-file-format.txt."), wordNet: wordNet).contains("The"))
        let text = try realPage("debian-faq-08")
        #expect(text.contains("Section\u{a0}6.10"))
        for question in build(text).quiz.questions {
            #expect(question.stem.range(of: #"(Section|Chapter|section)\s_____"#, options: .regularExpression) == nil, "\(question.stem)")
        }
    }

    /// The review of 2026-11-27 (dev and probe pages): an option must fit the blank as the text writes it. "Linux
    /// _____" does not take "distributors" where the text writes "Linux distributors" (the check runs on the plural);
    /// "an _____" takes no option that needs "a"; an adjective option is one the text writes in the same frame ("with
    /// _____ care" takes "primary", never "able", which the text writes "able to"); "make sure", "In addition," and
    /// "at your option" are phrases, not facts; "binary directories" describes them: "binary" is no noun there.
    @Test func optionsFitTheBlankAsTheTextWritesIt() throws {
        let manifesto = try realPage("debian-manifesto-01")
        let vocabulary = WorksheetFacts(body: Worksheet(text: manifesto).body, sourceText: manifesto, wordNet: wordNet).vocabulary
        let care = "Debian is being carefully and conscientiously put together and will be maintained and supported with similar care."
        let slot = vocabulary.slotFrame(of: "similar", in: care)
        #expect(vocabulary.isWritten("primary", in: slot))
        #expect(vocabulary.adjectiveFrames["able"] == [.complement("to")] && !vocabulary.isWritten("able", in: slot))
        #expect(AdjectiveFrame(at: 1, in: ["is", "able", "to"]) == .complement("to"))
        #expect(AdjectiveFrame(at: 1, in: ["the", "primary", "purpose"]) == .attributive)
        // "an" goes by sound: "in an _____" of the GPL took "user" (second review of 2026-11-27, fourth session).
        for word in ["user", "unique", "utility", "one-time", "European", "unit"] { #expect(!StatementQuestionMaker.startsWithVowel(word), "\(word)") }
        for word in ["interface", "update", "hour", "uninstall", "option", "unusual"] { #expect(StatementQuestionMaker.startsWithVowel(word), "\(word)") }
        for name in ["debian-faq-01", "debian-faq-05", "debian-faq-06", "debian-faq-08", "debian-faq-10", "debian-manifesto-01", "gnu-standards-15"] {
            let text = try realPage(name)
            for question in build(text).quiz.questions where question.stem.contains("_____") {
                let before = question.stem.components(separatedBy: "_____")[0].split(separator: " ").last.map { $0.lowercased() }
                if before == "a" || before == "an" {
                    #expect(question.options.allSatisfy { StatementQuestionMaker.startsWithVowel($0) == (before == "an") }, "\(question.options)")
                }
                for (option, origin) in zip(question.options, question.optionOrigins) where origin != .answer {
                    #expect(!ClozeQuestionMaker.textFillsSameSlot(with: option, blankedIn: question.stem, text: text), "\(option): \(question.stem)")
                }
                #expect(!question.stem.contains("make _____ that") && !question.stem.contains("In _____,"), "\(question.stem)")
            }
        }
        let tokens = Tokenizer.words(in: "together with all the architecture-specific binary directories")
        #expect(!vocabulary.nouns(in: tokens).contains { $0.lemma == "binary" })
        #expect(Vocabulary.readsAsNonNoun(at: 3, ["an", "option", "a", "defeats", "the", "default", "option"]))
    }

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
        // "is not possible" and "is impossible" say the same: one question offers one of them.
        let possible = "A second installation is possible on the same machine."
        let changes = maker.changes(of: possible, vocabulary: Vocabulary(sentences: [possible], wordNet: wordNet))
        let negation = try #require(changes.first { $0.origin == .negated }), opposite = try #require(changes.first { $0.origin == .antonym })
        #expect(StatementQuestionMaker.sayTheSame(negation, opposite, in: possible) && StatementQuestionMaker.sayTheSame(opposite, negation, in: possible))
        // Debian Reference (dev page): "the less likely" and "the more unlikely" say the same; "smaller troubles" is
        // another change.
        let upgrade = "The larger the difference of the upgrade, the more likely you face larger troubles."
        let opposites = maker.changes(of: upgrade, vocabulary: Vocabulary(sentences: [upgrade], wordNet: wordNet)).filter { $0.origin == .antonym }
        let less = try #require(opposites.first { $0.note == "“less” for “more”" })
        let unlikely = try #require(opposites.first { $0.note == "“unlikely” for “likely”" })
        let smaller = try #require(opposites.first { $0.note.hasPrefix("“smaller”") })
        #expect(StatementQuestionMaker.sayTheSame(less, unlikely, in: upgrade) && !StatementQuestionMaker.sayTheSame(unlikely, smaller, in: upgrade))
    }

    /// The second review of 2026-11-27: a word the text joins with the answer ("files and folders"), one of its word
    /// family ("distributors" for "distributions") or another person's role ("developers" for "users") is an answer a
    /// student could defend, not a wrong option; labels before a sentence ("A:", "L.", a tag's name) and Texinfo marks
    /// are not shown; a false statement may negate the main verb with "do" ("does not read"), never a condition's.
    @Test func optionsAStudentCouldDefendAreLeftOut() throws {
        #expect(Vocabulary.coordinatedPairs(in: "All files and folders are arranged in one big tree.").contains { $0 == ("files", "folders") })
        #expect(Vocabulary.coordinatedPairs(in: "the developers' and authors' protection").contains { $0 == ("developers", "authors") })
        let vocabulary = Vocabulary(sentences: ["All files and folders are arranged in one big tree rooted at the root directory."], wordNet: wordNet)
        let chooser = DistractorChooser(wordNet: wordNet, validator: QuestionValidator(wordNet: wordNet), coordinated: vocabulary.coordinated)
        #expect(chooser.isInterchangeable("folders", "files") && chooser.isInterchangeable("distributors", "distributions"))
        #expect(chooser.isInterchangeable("developers", "users") && !chooser.isInterchangeable("kernel", "users"))
        #expect(Worksheet.withoutItemNumbers("A: Lasse Collin is not aware of any patents.") == "Lasse Collin is not aware of any patents.")
        #expect(Worksheet.withoutItemNumbers("L. Preserve all the Invariant Sections.") == "Preserve all the Invariant Sections.")
        #expect(Worksheet.withoutItemNumbers("patch A patch or some other easy procedure is included.") == "A patch or some other easy procedure is included.")
        #expect(Worksheet.withoutItemNumbers("zlib is rather portable.") == "zlib is rather portable.")
        #expect(Worksheet.hasMarkup("Avoid arbitrary limits on the length or number of _any_ data structure."))
        #expect(Worksheet.hasMarkup("a GPL-compatible license (*note Plugins: (gccint)Plugins.)."))
        #expect(!Worksheet.hasMarkup("Use the file_name variable."))
        let maker = StatementQuestionMaker(wordNet: wordNet, validator: QuestionValidator(wordNet: wordNet))
        let reads = maker.changes(of: "For example, the sort program reads from standard input.", vocabulary: vocabulary)
        #expect(reads.contains { $0.sentence == "For example, the sort program does not read from standard input." }, "\(reads.map(\.sentence))")
        let condition = maker.changes(of: "If you want to run unstable, then change the third field.", vocabulary: vocabulary)
        #expect(!condition.contains { $0.sentence.contains("do not want") })
        // A name the text gives a thing ("Directories … are called folders") is no wrong option for it; a blank inside
        // a quoted title is none of this text's facts.
        #expect(Vocabulary.coordinatedPairs(in: "Directories on Unix systems are called folders on some other systems.")
            .contains { $0 == ("directories", "folders") })
        let title = "The relevant command is described further in “Some users like mawk; how does Debian support this?”."
        #expect(ClozeQuestionMaker.isInsideQuotation(title.range(of: "Debian")!, in: title))
        let convey = "To \"convey\" a work means any kind of propagation."
        #expect(!ClozeQuestionMaker.isInsideQuotation(convey.range(of: "convey")!, in: convey))
        #expect(!ClozeQuestionMaker.isInsideQuotation(convey.range(of: "propagation")!, in: convey))
        // A place's options are places the text writes the same way: "the capital of _____" took rivers for "Sudan".
        let rivers = build(try worksheet("rivers-of-africa")).quiz.questions
        #expect(!rivers.contains { $0.kind == .clozeName && $0.options[$0.answerIndex] == "Sudan" && $0.options.contains("Nile") })
    }

    /// Statements the student must judge (true or false) may be false on purpose: they are exercises, not facts.
    @Test func statementsToJudgeAreNotFacts() {
        let sheet = Worksheet(text: """
        Volcanoes

        Are these statements true or false?

        1. Magma is colder than the rock around it and sinks towards the core.
        2. Every volcano on Earth erupts at least once in a hundred years.
        """)
        #expect(!sheet.body.contains("Magma") && !sheet.body.contains("Every volcano"))
    }

    /// A heading that lost its line break stays out of the sentence a question shows (the Debian Free Software
    /// Guidelines, flattened: "Source Code The program must include source code, …").
    @Test func gluedHeadingsAreDropped() {
        #expect(Worksheet.droppingGluedHeading("Source Code The program must include source code.") == "The program must include source code.")
        #expect(Worksheet.droppingGluedHeading("No Discrimination Against Persons or Groups The license must not discriminate.")
            == "The license must not discriminate.")
        #expect(Worksheet.droppingGluedHeading("The program must include source code.") == "The program must include source code.")
        #expect(Worksheet.droppingGluedHeading("For any section Entitled The Dedications, preserve it.") == "For any section Entitled The Dedications, preserve it.")
    }

    @Test func sameInputGivesSameQuizByteForByte() throws {
        for name in samples {
            let text = try worksheet(name)
            let first = try CanonicalJSON.encode(build(text))
            // A second WordNet, as another process would load it.
            let other = try WordNet()
            let second = try CanonicalJSON.encode(HomeworkBuilder(wordNet: other, options: QuizOptions())
                .build(page: page(text), id: "hw", source: SourceRef(path: "photos/sheet.jpg", sha256: "abc")))
            #expect(first == second)
        }
    }

    @Test func lowConfidencePageNeedsReviewAndGetsNoQuiz() throws {
        let bundle = HomeworkBuilder(wordNet: wordNet, options: QuizOptions())
            .build(page: page(try worksheet("water-cycle"), confidence: 31), id: "hw", source: SourceRef(path: "a.jpg", sha256: "x"))
        #expect(bundle.status == .needsReview)
        #expect(bundle.quiz.questions.isEmpty)
    }

    /// Under 60 words a page has no question target: what it supports, at most three, never padded.
    @Test func shortTextIsNotPadded() {
        let text = "Volcanoes\nA volcano is an opening in the crust of the Earth. Lava flows from the crater of the volcano in 1980."
        let bundle = build(text)
        #expect(bundle.quiz.questions.count <= 3)
        #expect(bundle.quiz.questionTarget == nil)
        #expect(bundle.status == (bundle.quiz.questions.isEmpty ? .partial : .ok))
    }

    @Test func subjectIsGuessedWithConfidence() throws {
        let expected = ["water-cycle": "science", "rivers-of-africa": "geography", "erie-canal": "history", "printing-press": "history"]
        for (name, subject) in expected {
            let bundle = build(try worksheet(name))
            #expect(bundle.subject == subject, "\(name)")
            #expect(bundle.subjectConfidence >= 0.5 && bundle.subjectConfidence <= 1, "\(name)")
        }
    }

    @Test func percentagesKeepPlausibleDistractors() {
        #expect(Vocabulary.numericNeighbours("97", maximum: 100).allSatisfy { Int($0)! <= 100 })
        #expect(Vocabulary.numericNeighbours("12,500").allSatisfy { $0.contains(",") })
        #expect(Vocabulary.numericNeighbours("3").allSatisfy { Int($0)! > 0 && Int($0)! < 10 })
        // A year-shaped quantity keeps year-shaped distractors (the validator wants year options for it).
        let yearShaped = Vocabulary.numericNeighbours("1500")
        #expect(yearShaped.count >= 3 && yearShaped.allSatisfy { Vocabulary.isYear($0) }, "\(yearShaped)")
    }

    /// Worksheets of the OCR benchmark's dev set (scripts/make-ocr-bench.py, seeds 8 and 14) with only eight
    /// fact sentences: they got 6 questions when each sentence gave at most its singular nouns. Of about 150 words,
    /// they have a length-fair target of 6 (issue 27), one question per sentence; since issue 27 item 4 (no question
    /// without three good options) the castle's gets 5 and is `partial`, saying so; since quiz 18 (no describing-word
    /// clozes on the text's other adjectives) each gets 4.
    @Test(arguments: [benchmarkCastle, benchmarkWeather])
    func shortBenchmarkWorksheetGetsItsTargetOfValidQuestions(text: String) {
        let bundle = build(text)
        #expect(bundle.quiz.questionTarget == 6)
        #expect(bundle.quiz.questions.count >= 4 && bundle.quiz.questions.count <= 6)
        #expect(bundle.quiz.questions.count == 6 ? bundle.status == .ok
                : bundle.status == .partial && bundle.statusReason?.contains("only") == true, "\(bundle.statusReason ?? "")")
        let validator = QuestionValidator(wordNet: wordNet)
        for question in bundle.quiz.questions {
            #expect(validator.problems(question, sourceText: text).isEmpty, "\(question.stem)")
        }
        // At most one blank per sentence: a second one would show the first one's answer.
        let cloze = bundle.quiz.questions.filter { $0.kind.isCloze }
        #expect(Set(cloze.map(\.explanation)).count == cloze.count)
        #expect(bundle.quiz.questions.contains { $0.kind == .clozeYear || $0.kind == .clozeNumber })
    }

    @Test func pluralAndSentenceInitialBlanksGetDistractorsWrittenTheSameWay() throws {
        var texts = [benchmarkCastle, benchmarkWeather]
        for name in samples { texts.append(try worksheet(name)) }
        let terms = texts.flatMap { build($0).quiz.questions.filter { $0.kind == .clozeTerm } }
        let answers = terms.map { $0.options[$0.answerIndex] }
        // "knights" is no longer asked: its other options were people too ("lords"), another role a student could
        // defend (the review of 2026-11-27); nor, since issue 27 item 4, the castle's "Gunpowder" (no three options of
        // its kind). The erie-canal sample's "_____ were pulled by horses" (Boats) is both. Plurals are checked on
        // every plural answer, capitals on every sentence-initial one.
        #expect(answers.contains { $0.first!.isUppercase } && answers.contains { $0.hasSuffix("s") }, "\(answers)")
        for question in terms {
            let answer = question.options[question.answerIndex]
            for option in question.options {
                #expect(option.first!.isUppercase == answer.first!.isUppercase, "\(question.options)")
                if answer.hasSuffix("s") && !answer.hasSuffix("ss") { #expect(option.hasSuffix("s"), "\(question.options)") }
            }
        }
    }

    @Test func wordsOfTheTextAreSortedIntoTheirKinds() {
        let vocabulary = Vocabulary(sentences: [
            "Plants use sunlight, water and carbon dioxide to make sugar in a process called photosynthesis.",
            "Coastal towns such as Tarragon receive about 1500 millimetres of rain a year.",
            "The highest temperature ever recorded in Dunmore was 40 degrees Celsius, in 1643.",
            "Asteroids are rocky fragments, and most of them orbit between the inner and the outer planets.",
        ], wordNet: wordNet)
        // A compound is one term; units are not terms; a verb after a pronoun is no noun.
        #expect(vocabulary.terms["carbon dioxide"] != nil && vocabulary.terms["dioxide"] == nil)
        #expect(vocabulary.terms["millimetre"] == nil)
        #expect(vocabulary.terms["orbit"] == nil && vocabulary.terms["fragment"] != nil)
        // "1500 millimetres" is a quantity, "in 1643" a year; "Celsius" is a scale, not a place.
        #expect(vocabulary.years == ["1643"] && vocabulary.numbers.contains("1500"))
        #expect(!vocabulary.places.contains("Celsius") && vocabulary.places.contains("Dunmore"))
    }

    @Test func nounFormsFollowTheAnswer() {
        let plural = NounForm(of: "Arrows", lemma: "arrow")!
        #expect(plural.apply(to: "bolt", wordNet: wordNet) == "Bolts")
        #expect(plural.apply(to: "box", wordNet: wordNet) == "Boxes")
        #expect(plural.apply(to: "granary", wordNet: wordNet) == "Granaries")
        // Irregular or uncertain plurals are left out rather than misspelt.
        #expect(plural.apply(to: "fisherman", wordNet: wordNet) == nil)
        #expect(plural.apply(to: "leaf", wordNet: wordNet) == nil)
        #expect(NounForm(of: "people", lemma: "person") == nil)
    }
}

private let benchmarkCastle = """
Life in a Medieval Castle

The castle of Westmere was built in 1509 on a rocky hill above the river Varno. Its stone walls were 3 metres thick, and a deep moat surrounded the outer gate.

The lord Samuel Brennan lived in the keep with his family, his knights and his servants. During the siege of 1537 the castle held out for 23 days before the defenders surrendered. Archers stood on the battlements and shot arrows through narrow slits in the wall.

The great hall was used for feasts, for trials and for receiving important guests. Gunpowder made castles less useful, because cannons could break even the strongest walls. Today about 2,700 visitors come every year to walk along the walls.

Answer all questions in full sentences.
1. Compare the past with the present using the text.
2. Describe two facts you learned from the text.
3. Write a short summary of the text in your own words.

"""

private let benchmarkWeather = """
Weather and Climate

Weather is the state of the atmosphere on a particular day, while climate is the average over many years. The region of Ostmark has a maritime climate with mild winters and cool summers. Warm air can hold more moisture than cold air, which is why tropical storms bring heavy rain.

A barometer measures air pressure, and falling pressure usually means that a storm is coming. Wind is air moving from an area of high pressure towards an area of low pressure.

Coastal towns such as Tarragon receive about 1500 millimetres of rain a year. Mountains force moist air to rise and cool, so their western slopes are much wetter than the valleys behind them. Since 1513 the average temperature has risen by about one degree.

Answer all questions in full sentences.
1. Explain why weather and climate mattered to the people of the time.
2. Describe two facts you learned from the text.
3. Draw and label a diagram to show the main idea of the text.

"""

/// Real published pages (Tests/LecternHomeworkTests/Fixtures/real-pages/README.md gives sources and licences).
private let realPages = ["debian-manifesto-01", "debian-faq-10", "debian-faq-15"]

@Suite struct RealMaterialTests {
    @Test(arguments: realPages)
    func realPageOfAbout200WordsGetsValidQuestionsUpToItsTarget(name: String) throws {
        let text = try realPage(name)
        let bundle = build(text)
        // 188–233 words: 7–9 questions at most. One sentence serves one question (issue 27), and none is asked without
        // three good options (item 4: 3–5 of these pages' questions remain; quiz 18, without describing-word clozes on
        // the text's other adjectives: 2–5), so a page may fall short; it says so.
        let target = try #require(bundle.quiz.questionTarget)
        #expect((7...9).contains(target))
        #expect(bundle.quiz.questions.count <= target && bundle.quiz.questions.count >= 2, "\(bundle.statusReason ?? "")")
        #expect(bundle.status == (bundle.quiz.questions.count == target ? .ok : .partial))
        let validator = QuestionValidator(wordNet: wordNet)
        let source = QuestionValidator.Source(text)
        for question in bundle.quiz.questions {
            #expect(validator.problems(question, source: source).isEmpty, "\(question.stem)")
            #expect(validator.unfamiliarDistractors(question, source: source).isEmpty, "\(question.options)")
        }
        // Argumentative prose has few numbers and names: the kinds teachers write for prose carry the quiz.
        #expect(bundle.quiz.questions.contains { $0.kind == .statement })
        let answers = bundle.quiz.questions.map { validator.normalise($0.options[$0.answerIndex]) }
        #expect(Set(answers).count == answers.count, "\(answers)")
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

    /// "What is the second paragraph mainly about?": the answer is named in that paragraph, and no other option is, on
    /// real pages whose paragraphs each keep to one thing. Since issue 27 item 4 a main idea's wrong options are themes
    /// (other paragraphs' topics, terms of its kind, WordNet sisters on the topic) with one loose term at most, and these
    /// pages ask no paragraph's main idea; the rule is checked on any that is asked, and the topic a paragraph keeps
    /// naming is still found: debian-faq-13's "scripts", named in its opening sentence and most of the others.
    @Test func mainIdeaIsWhatTheParagraphKeepsNamingAndNoOtherOption() throws {
        let maker = MainIdeaQuestionMaker(wordNet: wordNet, validator: QuestionValidator(wordNet: wordNet))
        var topics: [String] = []
        for name in realPages + ["debian-faq-13"] {
            let text = try realPage(name)
            let facts = WorksheetFacts(body: Worksheet(text: text).body, sourceText: text, wordNet: wordNet)
            let lemmas = facts.sentences.map { Set(facts.vocabulary.nouns(in: Tokenizer.words(in: $0)).map(\.lemma)) }
            for paragraph in facts.paragraphs where paragraph.count >= MainIdeaQuestionMaker.paragraphSentences {
                guard let topic = maker.topic(of: paragraph, facts: facts, lemmasOfSentences: paragraph.map { lemmas[$0] }) else { continue }
                topics.append(topic.lemma)
                #expect(lemmas[paragraph[0]].contains(topic.lemma) && topic.naming * 2 >= paragraph.count, "\(name): \(topic)")
            }
        }
        #expect(topics.contains("script"), "\(topics)")
        var asked = 0
        for name in realPages {
            let text = try realPage(name)
            let paragraphs = text.components(separatedBy: "\n\n").map { $0.lowercased() }
            for question in build(text).quiz.questions where question.kind == .mainIdea && question.stem.contains(" paragraph ") {
                asked += 1
                let number = try #require(SentenceSearch.ordinals.firstIndex { question.stem.contains("the \($0) paragraph") })
                for (index, option) in question.options.enumerated() {
                    let named = SentenceSearch.wholeWordRange(of: option, in: paragraphs[number]) != nil
                    #expect(named == (index == question.answerIndex), "\(name): \(question.stem) \(question.options)")
                }
                #expect(question.explanation.contains("It begins: “"))
                // Three sentences at least: "2 of its 2 sentences" was as often a word used in passing.
                let paragraph = text.components(separatedBy: "\n\n")[number].replacingOccurrences(of: "\n", with: " ")
                #expect(SentenceSplitter.split(paragraph).count >= MainIdeaQuestionMaker.paragraphSentences)
            }
        }
        _ = asked
        // A text of one paragraph has no other paragraph to draw the wrong options from: no paragraph's main idea.
        let oneParagraph = try realPage("debian-faq-15").replacingOccurrences(of: "\n\n", with: " ")
        #expect(!build(oneParagraph).quiz.questions.contains { $0.kind == .mainIdea && $0.stem.contains(" paragraph ") })
    }

    /// A term cloze blanks a word that is a noun in its own sentence, by the word lists' part-of-speech rules: in
    /// "covers that bracket the Document" (gnu-standards-15, the FDL) "bracket" is a verb, and noun options
    /// ("copyright", "compilation") made the blank a grammar question with one odd answer.
    @Test func aTermClozeNeverBlanksAWordUsedAsAVerb() throws {
        let tagger = SenseSelector(wordNet: wordNet)
        let tokens = Tokenizer.words(in: "the Document's Cover Texts may be placed on covers that bracket the Document").map { $0.text.lowercased() }
        #expect(tagger.cuedPartOfSpeech(of: "bracket", tokens: tokens, at: tokens.firstIndex(of: "bracket")!) == .verb)
        let noun = Tokenizer.words(in: "that bracket is closed").map { $0.text.lowercased() }
        #expect(tagger.cuedPartOfSpeech(of: "bracket", tokens: noun, at: 1) == .noun)
        let questions = build(try realPage("gnu-standards-15")).quiz.questions
        #expect(!questions.contains { $0.kind == .clozeTerm && $0.stem.contains("covers that _____ the") }, "\(questions.map(\.stem))")
        // Since issue 27 item 4 this page has no term cloze (none with three options of its kind); the pages that
        // have them blank a noun of the sentence each time.
        var termClozes = 0
        for name in realPages + ["gnu-standards-15", "social-contract-01", "debian-constitution-probe-03"] {
            for question in build(try realPage(name)).quiz.questions where question.kind == .clozeTerm {
                termClozes += 1
                let answer = question.options[question.answerIndex]
                let sentence = question.stem.replacingOccurrences(of: "_____", with: answer)
                let words = Tokenizer.words(in: sentence).map { $0.text.lowercased() }
                let position = try #require(words.firstIndex(of: answer.lowercased().split(separator: " ").last.map(String.init) ?? ""))
                #expect(tagger.cuedPartOfSpeech(of: words[position], tokens: words, at: position) != .verb, "\(question.stem)")
            }
        }
        #expect(termClozes >= 3, "the real pages still have term clozes")
        // An imperative before a name, a participle before its agent (XZ Utils FAQ, GNU Coding Standards).
        let vocabulary = Vocabulary(sentences: [], wordNet: wordNet)
        let imperative = vocabulary.nouns(in: Tokenizer.words(in: "If you really want such a conversion tool, contact Lasse Collin and offer some money."))
        #expect(imperative.map(\.lemma).contains("tool") && !imperative.map(\.lemma).contains("contact"))
        let participle = vocabulary.nouns(in: Tokenizer.words(in: "such as the split mode output by makeinfo, you'll want subdirectories"))
        #expect(participle.map(\.lemma).contains("mode") && !participle.map(\.lemma).contains("output"))
        #expect(vocabulary.nouns(in: Tokenizer.words(in: "The output by default goes to the terminal.")).map(\.lemma).contains("output"))
        #expect(!vocabulary.nouns(in: Tokenizer.words(in: "It should not delete anything that needs to exist.")).map(\.lemma).contains("need"))
        // A word that is an adjective a third as often as a noun, before a noun or a hyphened word, describes it.
        for (sentence, word) in [("There are exceptions for certain generic pseudo-packages.", "generic"),
                                 ("It is available to the general network-using public.", "general"),
                                 ("The program 'sort' reads from standard input.", "standard")] {
            #expect(!vocabulary.nouns(in: Tokenizer.words(in: sentence)).map(\.lemma).contains(word), "\(sentence)")
        }
        #expect(vocabulary.nouns(in: Tokenizer.words(in: "The archive administrators moved the binaries.")).map(\.lemma).contains("archive"))
        // The last `word` of `sentence` as a blank: its range and its term.
        func blank(_ word: String, in sentence: String) -> (Range<String.Index>, TextTerm) {
            (sentence.range(of: word, options: .backwards)!,
             TextTerm(lemma: word, pos: .noun, sense: wordNet.synsets(of: word, pos: .noun)[0], senseEvidence: 0, count: 1,
                      sentenceIndex: 0, sentence: sentence, surface: word, band: 3))
        }
        // A set phrase is no fact to blank: "there is no need to", "at no charge".
        func isSetPhrase(_ sentence: String, _ word: String) -> Bool {
            let (range, term) = blank(word, in: sentence)
            return ClozeQuestionMaker.isSetPhrase(range, in: sentence, term: term)
        }
        #expect(isSetPhrase("However, there is no need to delete parent directories.", "need"))
        #expect(isSetPhrase("You may charge for copies, or give them at no charge.", "charge"))
        #expect(!isSetPhrase("Delete the parent directory of the build.", "directory"))
        #expect(isSetPhrase("There is no warranty, to the extent permitted by law.", "extent"))
        // A text pointing at itself, or at a part of itself, is no fact to blank.
        func namesPart(_ sentence: String, _ word: String) -> Bool {
            let (range, term) = blank(word, in: sentence)
            return ClozeQuestionMaker.namesDocumentPart(range, in: sentence, term: term)
        }
        #expect(namesPart("This requirement is met as stated in the previous sentence.", "sentence"))
        #expect(namesPart("You may convey it under the terms of section 4 above.", "terms"))
        #expect(namesPart("See section 11 for the details.", "section"))
        #expect(!namesPart("The terms of the license are simple.", "terms"))
        #expect(!namesPart("Write every sentence in full.", "sentence"))
    }

    /// A definition question only when the sense fits the text clearly: WordNet's only "archive" is a depository of
    /// historical records (debian-faq-05 means Debian's package archive, and shares one word, "document", with that
    /// gloss), and "derivatives" of a Document (gnu-standards-15) are not financial instruments.
    @Test func aDefinitionIsAskedOnlyWhenItsSenseFitsTheText() throws {
        let archive = build(try realPage("debian-faq-05")).quiz.questions
        #expect(!archive.contains { $0.kind == .definition && $0.options[$0.answerIndex] == "archive" }, "\(archive.map(\.stem))")
        #expect(!archive.contains { $0.stem.contains("historical records") })
        let licence = build(try realPage("gnu-standards-15")).quiz.questions
        #expect(!licence.contains { $0.stem.contains("financial instrument") }, "\(licence.map(\.stem))")
        // A sense the sentence itself shows is still defined: "a program used to view HTML documents" (debian-faq-10).
        let browsers = build(try realPage("debian-faq-10")).quiz.questions.filter { $0.kind == .definition }
        #expect(browsers.contains { $0.options[$0.answerIndex] == "web browser" }, "\(browsers.map(\.stem))")
    }

    /// The wrong options of a main-idea question are content terms of the text (another paragraph's topic, or a word
    /// of SemCor band ≤ 3), never everyday words a student rules out unread: debian-faq-06 had "cases" and "numbers"
    /// beside "distributions", the manifesto "development" and "cost" beside "distribution". Its options are the
    /// text's themes, so the one-loose-option rule of the other kinds does not apply; no everyday word is one.
    @Test func mainIdeaWrongOptionsAreContentTermsNotEverydayWords() throws {
        var asked = 0
        for name in realPages + ["debian-faq-06"] {
            for question in build(try realPage(name)).quiz.questions where question.kind == .mainIdea {
                asked += 1
                for (index, option) in question.options.enumerated() where index != question.answerIndex {
                    #expect(!["case", "cases", "number", "numbers", "example", "examples", "cost", "development"].contains(option),
                            "\(name): \(question.options)")
                }
            }
        }
        #expect(asked >= 2, "\(asked) main-idea questions asked")
    }

    /// Two defensible answers and wrong-sense options, found on dev pages: WordNet sisters of a sense the text does not
    /// use (Debian's "aptitude" tool got "creativity", "originality"; the package "archive" "museum", "depot"), a
    /// distractor the text itself writes in the blank's slot ("group ID of the file" for "_____ ID of the file",
    /// debian-reference-03), and a noun of an idiom ("it is _____ down", "upside"; "in _____", "principle").
    @Test func clozeOptionsHaveOneDefensibleAnswerAndTheTextsSense() throws {
        let aptitude = build(try realPage("debian-faq-05")).quiz.questions.filter { $0.options[$0.answerIndex] == "aptitude" }
        for question in aptitude {
            #expect(!question.options.contains { ["creativity", "originality", "attainment"].contains($0) }, "\(question.options)")
        }
        let reference03 = "Setting set user ID on an executable file allows a user to execute the executable file with the owner ID of the file (for example root). Similarly, setting set group ID on an executable file allows a user to execute the executable file with the group ID of the file (for example root)."
        let stem = "Setting set user ID on an executable file allows a user to execute the executable file with the _____ ID of the file (for example root)."
        #expect(ClozeQuestionMaker.textFillsSameSlot(with: "group", blankedIn: stem, text: reference03))
        #expect(!ClozeQuestionMaker.textFillsSameSlot(with: "output", blankedIn: stem, text: reference03))
        let vocabulary = Vocabulary(sentences: ["It's called a tree because if you draw the filesystem, it looks like a tree but it is upside down.",
                                                "However, in principle, users could obtain the Linux kernel via the Internet or from elsewhere."],
                                    wordNet: wordNet)
        #expect(vocabulary.terms["upside"] == nil)
        #expect(vocabulary.terms["principle"] == nil)
        #expect(vocabulary.terms["tree"] != nil && vocabulary.terms["kernel"] != nil)
    }

    /// A statement made false by a name swap must not swap in a name the text writes together with it: in the manifesto
    /// (debian-manifesto-01) "Debian Linux" is one name, and "Linux is able to be developed in a modular fashion" was
    /// offered as false for "Debian is able …".
    /// debian-faq-13 (seven short sentences on boot scripts, "scripts" named in six): a term named in several sentences
    /// is blanked in one that no other question needs. Every question valid, no answer twice; `partial` (the page has
    /// too few terms for ten), never padded. Its statements swapped "directories" for "scripts": WordNet's senses of the
    /// two (a written text, a list) share no parent or grandparent, and since the review of 2026-11-27 only such kin
    /// are swapped ("book" for "license", "proxy" for "version" had been offered), so no statement changes one of its
    /// sentences in place. Since issue 27 item 4 (no question without three good options) no blank of the page has
    /// three options of its kind: its one question is a statement across sentences.
    @Test func aShortPageOfShortSentencesUsesEachSentence() throws {
        let text = try realPage("debian-faq-13")
        let bundle = build(text)
        let questions = bundle.quiz.questions
        let validator = QuestionValidator(wordNet: wordNet)
        let source = QuestionValidator.Source(text)
        // One question since issue 27 item 4 (no question without three good options).
        #expect(questions.count >= 1 && bundle.status == .partial && bundle.statusReason?.contains("only") == true)
        for question in questions { #expect(validator.problems(question, source: source).isEmpty, "\(question.stem)") }
        let answers = questions.map { validator.normalise($0.options[$0.answerIndex]) }
        #expect(Set(answers).count == answers.count, "\(answers)")
        // Each question on a sentence of its own: the page has more sentences than questions.
        let sentences = SentenceSplitter.split(text.replacingOccurrences(of: "\n", with: " "))
        let used = questions.filter { $0.kind != .mainIdea }.map { question in
            let quoted = question.explanation.components(separatedBy: "The text says: “").dropFirst().first ?? ""
            return sentences.firstIndex { quoted.hasPrefix($0) } ?? -1
        }
        #expect(Set(used).count == used.count && !used.contains(-1), "\(used)")
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

    /// "What is the text mainly about?": the Debian Free Software Guidelines name "license" in most of their sentences;
    /// each wrong option is a content term the text names in one sentence only. Since issue 27 item 4 those details are
    /// loose options, one at most, and none is of the kind of "license": the question is not asked (no three good
    /// options), but its topic is still what the text keeps naming, and any such question keeps the rule.
    @Test func theWholeTextsMainIdeaIsWhatItKeepsNaming() throws {
        let text = try realPage("social-contract-01")
        let facts = WorksheetFacts(body: Worksheet(text: text).body, sourceText: text, wordNet: wordNet)
        let maker = MainIdeaQuestionMaker(wordNet: wordNet, validator: QuestionValidator(wordNet: wordNet))
        let lemmas = facts.sentences.map { Set(facts.vocabulary.nouns(in: Tokenizer.words(in: $0)).map(\.lemma)) }
        let topic = try #require(maker.topic(of: Array(facts.sentences.indices), facts: facts, lemmasOfSentences: lemmas))
        #expect(topic.lemma == "license" && topic.naming * 2 >= facts.sentences.count, "\(topic)")
        let sentences = facts.sentences.map { $0.lowercased() }
        for made in maker.questions(from: facts, idPrefix: "t") where made.question.stem == "What is the text mainly about?" {
        let question = made.question
        #expect(question.options[question.answerIndex] == "license")
        for (index, option) in question.options.enumerated() where index != question.answerIndex {
            let naming = sentences.filter { SentenceSearch.wholeWordRange(of: option, in: $0) != nil }.count
            #expect(naming <= 1, "\(option) is named in \(naming) sentences")
        }
        #expect(QuestionValidator(wordNet: wordNet).problems(question, sourceText: text).isEmpty)
        }
        #expect(sentences.filter { $0.contains("license") }.count * 2 >= sentences.count)
    }

    /// A word of the text that is near kin of the answer in WordNet may fit its blank too: "applications" for
    /// "utilities" (fourth review). Words further apart are still options.
    @Test func nearKinOfTheAnswerIsNoOption() {
        #expect(Kinship(of: "utility", pos: .noun, wordNet: wordNet).isNear("application"))
        #expect(!Kinship(of: "manual", pos: .noun, wordNet: wordNet).isNear("directory"))
        #expect(!Kinship(of: "script", pos: .noun, wordNet: wordNet).isNear("conversion"))
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

    /// A blank is a word of the text, not a piece of an address, path, reference or compound written as one
    /// (debian-faq-13's "/etc/init.d/", "quiet@bugs.debian.org" and "maintainer(s)" in doc-debian's bug pages, "§A.6"
    /// and "§7(2)" in its constitution).
    @Test func aBlankIsNeverPartOfAnAddressOrPath() throws {
        func glued(_ word: String, _ sentence: String) -> Bool {
            SentenceSearch.isPartOfAddress(SentenceSearch.wholeWordRange(of: word, in: sentence)!, in: sentence)
        }
        #expect(glued("quiet", "Bugs sent to quiet@bugs.debian.org will not be forwarded anywhere, only filed."))
        #expect(glued("alternatives", "a file with the virtual package name /etc/alternatives/news-reader to the selected file"))
        #expect(glued("list", "in the /etc/apt/ sources.list file the third field will be either 'bullseye' or 'stable'."))
        #expect(glued("6", "The result is determined using the method specified in §A.6 of the Standard Resolution Procedure."))
        #expect(glued("7", "As detailed in §7(2), the Chair of the Technical Committee and the Project Secretary may together stand in."))
        #expect(glued("maintainer", "the submitter of the bug and the maintainer(s) of the package against which the bug is filed."))
        #expect(!glued("quiet", "Bugs sent there stay quiet."))
        #expect(!glued("first", "Lower numbered scripts are executed first."))
        for question in build(try realPage("debian-faq-13")).quiz.questions where question.stem.contains("_____") {
            #expect(!question.stem.contains("/_____") && !question.stem.contains("_____/"), "\(question.stem)")
        }
    }

    /// Vocabulary in context: WordNet's sense of a computer "program" is glossed "(computer science) a sequence of
    /// instructions …"; the domain label is bookkeeping, not part of an option. Issue 28: a meaning is taught only
    /// when the word lists' selector is sure of it (`Vocabulary.sureSense`); in debian-faq-01's "compile the programs"
    /// it keeps WordNet's first sense ('a series of steps …', not sure), so the page asks no vocabulary question on it.
    @Test func vocabularyInContextAsksOnlySureSenses() throws {
        #expect(VocabularyInContextMaker.shortGloss("(computer science) a sequence of instructions that a computer can interpret and execute")
                == "a sequence of instructions that a computer can interpret and execute")
        let text = try realPage("debian-faq-01")
        let vocabulary = build(text).quiz.questions.filter { $0.kind == .vocabularyInContext }
        #expect(!vocabulary.contains { $0.stem.contains("compile the programs") })
        for question in vocabulary {
            #expect(QuestionValidator(wordNet: wordNet).problems(question, source: QuestionValidator.Source(text)).isEmpty)
        }
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

    @Test func pluralsOfMassNounsAreNeverMade() {
        let plural = NounForm(of: "monasteries", lemma: "monastery")!
        // Forms the language does not use (issue 13's examples) are refused; real plurals are kept.
        for massNoun in ["bilingualism", "creativeness", "heavens", "fingerprinting", "capitulum", "access", "software"] {
            #expect(plural.apply(to: massNoun, wordNet: wordNet) == nil, "\(massNoun)")
        }
        #expect(plural.apply(to: "castle", wordNet: wordNet) == "castles")
    }

    /// A definition question uses WordNet's first (most frequent) sense unless the text shows another plainly: one
    /// rare shared word must not pick "text" as a Bible passage for a sermon, or type "blocks" as engine blocks.
    @Test func aLaterSenseNeedsPlainEvidenceBeforeItIsDefined() throws {
        let questions = build(try worksheet("printing-press")).quiz.questions
        for question in questions where question.kind == .definition {
            let answer = question.options[question.answerIndex]
            let senses = wordNet.synsets(of: answer, pos: .noun)
            guard senses.count > 1, let first = senses.first, !question.stem.contains(first.gloss.prefix(30)) else { continue }
            #expect(!["text", "block"].contains(answer), "\(question.stem)")
        }
        #expect(!questions.contains { $0.stem.contains("sermon") || $0.stem.contains("cylinders") }, "\(questions.map(\.stem))")
    }

    @Test func aWordWhoseSenseTheTextDoesNotShowGetsNoWordNetSisters() {
        // WordNet's first sense of "socket" is anatomy; a text about networking must not get body parts.
        let text = """
        Network Programming

        A program opens a socket to talk to another program over the network. The server waits for a client to connect, \
        and the client sends a request through the socket. Each connection carries bytes in both directions until one side closes it. \
        A port number tells the operating system which program should receive the data.
        """
        for question in build(text).quiz.questions {
            for (index, origin) in question.optionOrigins.enumerated() where index != question.answerIndex {
                let option = question.options[index].lowercased()
                let body = wordNet.synsets(of: option, pos: .noun).first?.lexicalFile == "noun.body"
                #expect(!body || [.sameTextTerm, .sameTextWord].contains(origin), "\(question.stem): \(question.options)")
            }
        }
    }

    @Test(arguments: samples)
    func numberRichSheetsGetAtMostFourNumberClozes(name: String) throws {
        let kinds = build(try worksheet(name)).quiz.questions.map(\.kind)
        #expect(kinds.filter { $0 == .clozeYear || $0 == .clozeNumber }.count <= 4, "\(kinds)")
    }

    @Test func aWorksheetWithNothingToAskAboutIsPartialWithAReason() {
        let text = """
        Revision sheet

        Answer all questions in full sentences.
        1. Explain how the water cycle works.
        2. Describe two ways people use rivers.
        3. Draw and label a diagram of a volcano.
        """
        let bundle = build(text)
        #expect(bundle.quiz.questions.isEmpty)
        #expect(bundle.status == .partial)
        #expect(bundle.statusReason?.contains("no sentences of prose to ask about") == true, "\(bundle.statusReason ?? "")")
    }

    /// What a review of new blanks struck (helper 27, fourth session of 2026-11-27), each on the real sentence: a set
    /// phrase on either side of its noun; a describing word after "don't" is a verb; the answer left in the stem in
    /// another case.
    @Test func blanksInASetPhraseOrOfAVerbOrLeftInViewAreNotMade() throws {
        let terms = "you have the option of following the terms and conditions either of that numbered version or of any later version."
        for word in ["terms", "conditions"] {
            let range = terms.range(of: word)!
            let lemma = String(word.dropLast())
            let term = TextTerm(lemma: lemma, pos: .noun, sense: wordNet.synsets(of: lemma, pos: .noun)[0],
                                senseEvidence: 0, count: 1, sentenceIndex: 0, sentence: terms, surface: word, band: 3)
            #expect(ClozeQuestionMaker.isSetPhrase(range, in: terms, term: term), "\(word)")
        }
        let free = "For example, if memory is used until just before a process exits, don't free it simply to silence such a tool."
        let vocabulary = WorksheetFacts(body: free, sourceText: free, wordNet: wordNet).vocabulary
        #expect(!vocabulary.isAdjective(Tokenizer.words(in: "free")[0], after: "don't"))
        #expect(vocabulary.isAdjective(Tokenizer.words(in: "free")[0], after: "as"), "\"release the programs they write as free software\"")
        // The GFDL's definition quotes the term it defines: a blank of "title page" would leave "Title Page" in view.
        #expect(ClozeQuestionMaker.leavesAnswerInView("title page", stem: "The \"Title Page\" means, for a printed book, the _____ itself."))
        #expect(!ClozeQuestionMaker.leavesAnswerInView("title page", stem: "The Document's _____ names the publisher."))
        // A short sentence that leans on the one before has no fact to recall (Debian Reference, GNU Coding Standards);
        // one that names its thing, or says what there is, stands alone (Debian Constitution, Debian BTS).
        for sentence in ["This is a huge advantage compared to Windows.", "It should only strip the copies that are installed.",
                         "(There are, of course, some exceptions.)", "Programs should avoid them whenever possible."] {
            #expect(ClozeQuestionMaker.leansOnItsNeighbours(sentence, Tokenizer.words(in: sentence)), "\(sentence)")
        }
        for sentence in ["There is no quorum for this immediate procedural vote.", "This bug affects accessibility for users with disabilities.",
                         "Lower numbered scripts are executed first."] {
            #expect(!ClozeQuestionMaker.leansOnItsNeighbours(sentence, Tokenizer.words(in: sentence)), "\(sentence)")
        }
        // An example in brackets is one instance the text picked (Debian Reference, GNU Coding Standards).
        let root = "allows a user to execute the executable file with the owner ID of the file (for example root)."
        #expect(ClozeQuestionMaker.isGivenAsExample(root.range(of: "root")!, in: root))
        #expect(!ClozeQuestionMaker.isGivenAsExample(root.range(of: "owner")!, in: root))
        let structures = "Try to avoid low-level interfaces to obscure Unix data structures (such as file directories, utmp, or the layout of kernel memory)."
        #expect(ClozeQuestionMaker.isGivenAsExample(structures.range(of: "directories")!, in: structures))
        #expect(!ClozeQuestionMaker.isGivenAsExample(structures.range(of: "layout")!, in: structures))
    }
}

@Suite struct ValidatorTests {
    let validator = QuestionValidator(wordNet: wordNet)

    func question(_ options: [String], answer: Int = 0, stem: String = "The _____ was parked outside.",
                  kind: QuestionKind = .clozeTerm) -> MultipleChoiceQuestion {
        MultipleChoiceQuestion(id: "q", kind: kind, stem: stem, options: options, answerIndex: answer,
                               explanation: "The text says so.", level: 1, optionOrigins: options.map { _ in .teacher })
    }

    @Test func acceptsAGoodQuestion() {
        #expect(validator.problems(question(["car", "banana", "violin", "cloud"], kind: .lectureTerm), sourceText: "The car was parked outside.").isEmpty)
    }

    @Test func rejectsSynonymHypernymHyponymAndRelative() {
        #expect(!validator.problems(question(["car", "automobile", "violin", "cloud"], kind: .lectureTerm)).isEmpty)
        #expect(!validator.problems(question(["dog", "animal", "violin", "cloud"], kind: .lectureTerm)).isEmpty)
        #expect(!validator.problems(question(["animal", "dog", "violin", "cloud"], kind: .lectureTerm)).isEmpty)
        #expect(!validator.problems(question(["teacher", "teach", "violin", "cloud"], kind: .lectureTerm)).isEmpty)
    }

    @Test func rejectsOptionsEqualAfterLemmatising() {
        #expect(!validator.problems(question(["car", "cars", "violin", "cloud"])).isEmpty)
    }

    @Test func rejectsDistractorOrAnswerInStem() {
        #expect(!validator.problems(question(["car", "bus", "tram", "truck"], stem: "The _____ was parked by the bus stop.")).isEmpty)
        #expect(!validator.problems(question(["car", "bus", "tram", "truck"], stem: "The _____ was a red car.")).isEmpty)
    }

    @Test func rejectsWrongOptionCountAndBadIndex() {
        #expect(!validator.problems(question(["car", "banana", "violin"])).isEmpty)
        #expect(!validator.problems(question(["car", "banana", "violin", "cloud"], answer: 4)).isEmpty)
    }

    @Test func rejectsAnswerNotInSourceAndMisquotes() {
        #expect(!validator.problems(question(["car", "bus", "tram", "truck"]), sourceText: "A bus stopped.").isEmpty)
        var q = question(["car", "bus", "tram", "truck"])
        q.explanation = "The text says: “The car was parked outside the station.”"
        #expect(!validator.problems(q, sourceText: "The car was parked outside.").isEmpty)
    }

    @Test func rejectsOptionsOfAnotherKind() {
        #expect(!validator.problems(question(["1492", "1500", "7", "1520"], stem: "He sailed in _____."), sourceText: "1492").isEmpty)
        #expect(!validator.problems(question(["12", "car", "15", "20"], stem: "It had _____ arches.")).isEmpty)
    }

    @Test func rejectsWordDistractorsOutOfTheFrequencyBand() {
        // "condensation" is rare in SemCor; "man" is among the most common nouns.
        #expect(!validator.problems(question(["condensation", "man", "evaporation", "sublimation"],
                                             stem: "This change is called _____.")).isEmpty)
    }
}

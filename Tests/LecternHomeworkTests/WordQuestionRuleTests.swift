import Foundation
import Testing
import LecternModel
import LecternText
@testable import LecternHomework
@testable import LecternQuestions
import LecternJSON

/// The rules of definitions, vocabulary in context and main ideas (`DefinitionRules`, `VocabularyRules`, `MainIdeaRules`).
@Suite struct WordQuestionRuleTests {
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
}

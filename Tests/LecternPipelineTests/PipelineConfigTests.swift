import Foundation
import LecternModel
import LecternPipeline
import Testing

/// Pipeline files: every mistake is a ConfigError naming the file and the line a person sees in an editor (1-based).
@Suite struct PipelineConfigTests {
    private func error(_ yaml: String, file: String = "pipeline.yml") -> ConfigError? {
        do {
            _ = try PipelineConfig.parse(yaml: yaml, file: file)
            return nil
        } catch {
            return error
        }
    }

    @Test func validFilesOverlayTheDefaults() throws {
        let config = try PipelineConfig.parse(yaml: """
            version: 1
            stages:
              quiz:
                questions: 7
              ocr:
            """, file: "mine.yml")
        #expect(config.file == "mine.yml")
        #expect(config.quiz.questions == 7)
        #expect(config.quiz.minWords == PipelineConfig().quiz.minWords)
        #expect(config.optionsHash(.ocr) == PipelineConfig().optionsHash(.ocr))
        #expect(config.optionsHash(.quiz) != PipelineConfig().optionsHash(.quiz))
        #expect(try PipelineConfig.parse(yaml: "", file: "empty.yml").optionsHash(.quiz) == PipelineConfig().optionsHash(.quiz))

        let shipped = try PipelineConfig.load(path: Paths.repoRoot.appendingPathComponent("pipelines/default.yml").path)
        #expect(shipped.quiz.questions == 10)
    }

    @Test func unknownStageNamesItsLine() throws {
        let found = try #require(error("""
            version: 1
            stages:
              ocr:
                language: eng
              frobnicate:
                level: 3
            """))
        #expect(found.file == "pipeline.yml")
        #expect(found.line == 5)
        #expect(found.message.contains("frobnicate"))
        #expect(found.description.hasPrefix("pipeline.yml:5: "))
    }

    @Test func unknownOptionNamesItsLine() throws {
        let found = try #require(error("""
            version: 1
            stages:
              quiz:
                questions: 5
                colour: blue
            """))
        #expect(found.line == 4 + 1)
        #expect(found.message.contains("colour") && found.message.contains("quiz"))
    }

    /// The pipeline file and the OCR engine ask the same question: a mode the engine refuses is refused here,
    /// on its line; every single-value option can be set, the nested clean-up switches cannot.
    @Test func ocrOptionsAreCheckedAsTheEngineChecksThem() throws {
        let mode2 = try #require(error("version: 1\nstages:\n  ocr:\n    language: eng\n    pageSegmentationMode: 2\n"))
        #expect(mode2.line == 5 && mode2.message.contains("pageSegmentationMode"))
        let language = try #require(error("version: 1\nstages:\n  ocr:\n    language: eng+\n"))
        #expect(language.line == 4 && language.message.contains("language"))
        let config = try PipelineConfig.parse(yaml: "stages:\n  ocr:\n    tessdataPath: /opt/tessdata\n    thumbnailWidth: 0\n", file: "p.yml")
        #expect(config.ocr.tessdataPath == "/opt/tessdata" && config.ocr.thumbnailWidth == 0)
        let nested = try #require(error("stages:\n  ocr:\n    preprocessing: none\n"))
        #expect(nested.line == 3 && nested.message.contains("unknown option 'preprocessing'"))
    }

    /// The teacher's levels: a bad entry names its line; a change reruns only the word-list stage.
    @Test func levelOverridesAreCheckedAndRerunOnlyTheWordList() throws {
        let found = try #require(error("""
            version: 1
            stages:
              wordtest:
                maxWords: 100
                levelOverrides: "magma=B1, crust=expert"
            """))
        #expect(found.line == 5)
        #expect(found.message.contains("levelOverrides") && found.message.contains("expert"))
        let config = try PipelineConfig.parse(yaml: "version: 1\nstages:\n  wordtest:\n    levelOverrides: \"magma=B1\"\n", file: "p.yml")
        #expect(config.wordtest.levelOverrides == "magma=B1")
        #expect(config.optionsHash(.wordtest) != PipelineConfig().optionsHash(.wordtest))
        for stage in StageID.allCases where stage != .wordtest {
            #expect(config.optionsHash(stage) == PipelineConfig().optionsHash(stage), "\(stage)")
        }
    }

    @Test func wrongTypeNamesTheValuesLine() throws {
        let found = try #require(error("""
            version: 1
            stages:
              ocr:
                language: eng
              quiz:
                minWords: 3
                questions: many
            """))
        #expect(found.line == 7)
        #expect(found.message.contains("questions"))
        #expect(found.message.contains("whole number"))
    }

    @Test func outOfRangeValueNamesItsLine() throws {
        let found = try #require(error("version: 1\nstages:\n  quiz:\n    questions: 99\n"))
        #expect(found.line == 4)
        #expect(found.message.contains("questions"))
    }

    @Test func invalidYAMLNamesItsLine() throws {
        // A tab cannot start a token: the problem is on line 4.
        let tab = try #require(error("version: 1\nstages:\n  quiz:\n\tquestions: 5\n"))
        #expect(tab.line == 4, "\(tab)")
        #expect(tab.message.contains("invalid YAML"))

        // An unclosed flow sequence opened on line 3 and left open at the end (line 4).
        let unclosed = try #require(error("version: 1\nstages:\n  quiz: [questions\n  ocr: {}\n"))
        #expect(unclosed.line.map { (3...5).contains($0) } == true, "\(unclosed)")
    }

    @Test func otherMistakes() throws {
        let version = try #require(error("version: 2\nstages: {}\n"))
        #expect(version.line == 1)
        let topKey = try #require(error("version: 1\nstagez:\n  quiz: {}\n"))
        #expect(topKey.line == 2 && topKey.message.contains("stagez"))
        let notMapping = try #require(error("version: 1\nstages:\n  quiz: 5\n"))
        #expect(notMapping.line == 3)
        let list = try #require(error("- a\n- b\n"))
        #expect(list.line == 1)

        do {
            _ = try PipelineConfig.load(path: "/nonexistent/lectern.yml")
            Issue.record("loading a missing file succeeded")
        } catch {
            #expect(error.file == "/nonexistent/lectern.yml" && error.line == nil)
        }
    }
}

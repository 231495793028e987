import Foundation
import Testing
import LecternLectures
import LecternHTML
import LecternModel
import LecternText

/// Courses without `course.yml` are named after their first post, and a post's `<title>` usually ends with the site's
/// name. Real-looking pages (`Fixtures/titles`: an Octopress-style blog, Sphinx pages with a header `<h1>` naming the
/// project, single pages) read by libxml2 and built into lectures.
@Suite struct CourseTitleTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/titles")

    static func post(_ html: Data, path: String) throws -> CoursePost {
        HTMLParser.initialize()
        return CoursePost(path: path, sha256: path, post: try HTMLParser.parse(html, sourcePath: path, options: HTMLOptions()), error: nil)
    }

    /// The course folder's posts (fixture paths relative to `Fixtures/titles`), built without `course.yml`.
    static func lecture(_ files: [String], course: String = "course") throws -> LectureBundle {
        let posts = try files.map { file in
            try post(Data(contentsOf: fixtures.appendingPathComponent(file)), path: "\(course)/\(file)")
        }
        return try lecture(posts, course: course)
    }

    static func lecture(_ posts: [CoursePost], course: String = "course") throws -> LectureBundle {
        try LectureBuilder(options: LectureOptions(), wordNet: try WordNet.shared()).build(CourseInput(
            id: course, source: SourceRef(path: course, sha256: "s"), settings: CourseSettings(), posts: posts))
    }

    /// Each post's first topic: the one its title names.
    static func firstTopicTitles(_ lecture: LectureBundle) -> [String] {
        var seen: Set<String> = []
        return lecture.subjects.flatMap(\.topics).filter { seen.insert($0.source.path).inserted }.map(\.title)
    }

    /// The blog's posts have the blog's name in an `<h1>` of the page header and their own in an `<h1>` of the article's
    /// `<header>`, which is page furniture to the blocks; one short note has no `<h1>` of its own at all.
    @Test func blogPostsLoseTheBlogsName() throws {
        let files = ["blog/01-plot-your-residuals.html", "blog/02-bootstrapping.html", "blog/03-a-note-on-priors.html"]
        let lecture = try Self.lecture(files)
        #expect(lecture.title == "Why You Should Plot Your Residuals")
        #expect(Self.firstTopicTitles(lecture) == [
            "Why You Should Plot Your Residuals", "Bootstrapping a Confidence Interval, Part II", "A Note on Priors",
        ])
        let titles = lecture.subjects.flatMap(\.topics).map(\.title)
        #expect(titles.contains("What a residual plot shows"))
        #expect(!titles.contains { $0.contains("Chalk and Code") })
    }

    /// The parser finds the article's `<h1>`, not the header's: the `<title>` opens with it.
    @Test func theHeadingIsTheOneTheTitleOpensWith() throws {
        let residuals = try #require(try Self.post(Data(contentsOf: Self.fixtures.appendingPathComponent("blog/01-plot-your-residuals.html")),
                                                  path: "blog/01.html").post)
        #expect(residuals.title == "Why You Should Plot Your Residuals | Chalk and Code")
        #expect(residuals.heading == "Why You Should Plot Your Residuals")
        let note = try #require(try Self.post(Data(contentsOf: Self.fixtures.appendingPathComponent("blog/03-a-note-on-priors.html")),
                                             path: "blog/03.html").post)
        #expect(note.heading == nil)
        // The site's <h1> is no heading of a title that merely starts with the same word.
        let router = try #require(try Self.post(Data("""
            <html><head><title>Quokka's router | Notes</title></head><body><header><h1>Quokka</h1></header>
            <article><p>The router maps each address to the function that answers it.</p></article></body></html>
            """.utf8), path: "notes/router.html").post)
        #expect(router.heading == nil)
    }

    /// Sphinx with a theme that names the project in a header `<h1>` (" — Quokka 2.4 documentation" on every title):
    /// the page's own `<h1>` names course and topics.
    @Test func sphinxPagesAreNamedByTheirH1() throws {
        let lecture = try Self.lecture(["sphinx/tutorial01.html", "sphinx/tutorial02.html"])
        #expect(lecture.title == "Writing your first Quokka app, part 1")
        #expect(Self.firstTopicTitles(lecture) == ["Writing your first Quokka app, part 1", "Writing your first Quokka app, part 2"])
        #expect(!lecture.subjects.flatMap(\.topics).contains { $0.title.contains("documentation") })
    }

    /// Without any `<h1>`, the ending the course's titles share goes; the longest of those the most titles share (the
    /// site's name in two parts, as Django's own site writes it), and only from the titles that end with it.
    @Test func theSharedEndingGoesWithoutAnyH1() throws {
        let lesson = "A migration records a change to the models so that the database can follow it, one step at a time."
        let pages = [("Migrations | Quokka documentation | Quokka", "migrations"), ("Models | Quokka documentation | Quokka", "models"),
                     ("Release notes - 2.4", "release")]
        let posts = try pages.map { title, name in
            try Self.post(Data("""
                <!DOCTYPE html><html><head><meta charset="utf-8"><title>\(title)</title></head>
                <body><main><p>\(lesson) This page is about \(name).</p></main></body></html>
                """.utf8), path: "quokka/\(name).html")
        }
        let lecture = try Self.lecture(posts, course: "quokka")
        #expect(lecture.title == "Migrations")
        #expect(Self.firstTopicTitles(lecture) == ["Migrations", "Models", "Release notes - 2.4"])
    }

    /// A course of one page: what follows the last " | " or " — " goes, unless its `<h1>` says it.
    @Test func aSinglePageLosesWhatFollowsTheLastSeparator() throws {
        #expect(try Self.lecture(["single-pipe.html"]).title == "Marking with a Rubric")
        #expect(try Self.lecture(["single-dash-no-h1.html"]).title == "About these documents")
        let piped = try Self.lecture(["single-h1-with-separator.html"])
        #expect(piped.title == "stdin | stdout")
        #expect(Self.firstTopicTitles(piped) == ["stdin | stdout"])
    }
}

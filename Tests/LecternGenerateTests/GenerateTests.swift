import Foundation
import Testing
import LecternModel
import LecternText
@testable import LecternGenerate

private let wordNet = try! WordNet()


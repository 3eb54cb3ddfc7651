// App types the examples of `observable-missing-main-actor` name. `PostService` is a nonisolated service
// whose results are `Sendable`, as the rule's advice says they should be.
import SwiftUI

struct Post: Identifiable, Sendable {
    let id = UUID()
    var title = ""
}

struct PostService {
    func latest() async -> [Post] { [] }
}

struct Item: Sendable {}

struct SearchService {
    func results(for query: String) async -> [String] { [] }
}

enum Backup {
    static func lastName() async -> String { "" }
}

// App types the examples of `view-member-order` name.
import SwiftUI

struct CartLine: Identifiable {
    let id = UUID()
    var name = ""
}

struct Cart {
    var items: [CartLine] = []
}

struct CatalogEntry: Identifiable {
    let id = UUID()
    var title = ""
}

struct Catalog {
    func matches(_ query: String) -> [CatalogEntry] { [] }
    func search(_ query: String) {}
}

import Foundation
@testable import MVLintKit
import XCTest

/// The HTML report's explorable map (`MapExplorer`): the pictures of opened groups, the panels, the search list
/// and the violations table in the page, and — in headless Chromium — click-to-expand, keyboard, search and the
/// neighbour highlight, with screenshots of generated projects of three sizes.
final class MapExplorerTests: XCTestCase {
    // MARK: A generated app

    /// A SwiftPM package of `targets` targets × `features` feature folders. Each feature has a chain of `views` views
    /// (the first observes the next feature's model through the environment), a model that calls the service of the
    /// same feature in the next target, and that service; every third feature has a `Presentation/` row holding its
    /// model (`presentation-holds-model` and `layer-dependency`, so the map has red relations). Types are named
    /// `T<target>F<feature>…`, so a feature's types are those with its prefix.
    static func writeApp(targets: Int, features: Int, views: Int, in folder: TemporaryFolder, named name: String = "App",
                         folderName: (Int) -> String = { "Feature\($0)" }) throws -> URL {
        let targetList = (0..<targets).map { "        .target(name: \"Target\($0)\")" }.joined(separator: ",\n")
        try folder.write("\(name)/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "\(name)", platforms: [.iOS(.v17)], targets: [
            \(targetList)
            ])
            """)
        try folder.write("\(name)/.mvlint.yml", "profile: container-presentation\n")
        for target in 0..<targets {
            for feature in 0..<features {
                let prefix = "T\(target)F\(feature)", folderPath = "\(name)/Sources/Target\(target)/\(folderName(feature))"
                let hasRow = feature % 3 == 0
                for view in 0..<views {
                    let environment = view == 0 ? "    @Environment(T\(target)F\((feature + 1) % features)Model.self) private var model\n" : ""
                    let last = view + 1 == views
                    let owner = last && hasRow ? "    @State private var store = \(prefix)Model()\n" : ""
                    let body = !last ? "\(prefix)View\(view + 1)()" : hasRow ? "\(prefix)Row(title: \"end\", store: store)" : "Text(\"end\")"
                    try folder.write("\(folderPath)/\(prefix)View\(view).swift", """
                        import SwiftUI

                        struct \(prefix)View\(view): View {
                        \(environment)\(owner)    var body: some View {
                                \(body)
                            }
                        }
                        """)
                }
                if hasRow {
                    try folder.write("\(folderPath)/Presentation/\(prefix)Row.swift", """
                        import SwiftUI

                        struct \(prefix)Row: View {
                            let title: String
                            let store: \(prefix)Model
                            var body: some View { Text(title) }
                        }
                        """)
                }
                try folder.write("\(folderPath)/\(prefix)Model.swift", """
                    import Observation

                    @MainActor @Observable final class \(prefix)Model {
                        var items: [Int] = []
                        private let service = T\((target + 1) % targets)F\(feature)Service()
                        func load() async throws { items = try await service.fetch() }
                    }
                    """)
                try folder.write("\(folderPath)/\(prefix)Service.swift", """
                    import Foundation

                    struct \(prefix)Service {
                        func fetch() async throws -> [Int] { [] }
                    }
                    """)
            }
        }
        return folder.url.appendingPathComponent(name, isDirectory: true)
    }

    // MARK: The page

    /// A page's parts: the overview picture, the opened pictures by template id, and the rest outside templates.
    struct Page {
        let html: String
        let overview: XMLElements
        let views: [String: XMLElements]
        /// The page without the templates' contents.
        let outside: String
        /// The attributes of each box's panel.
        let panels: [String: [String: String]]

        init(_ html: String) throws {
            self.html = html
            let frame = try XCTUnwrap(html.components(separatedBy: "<div class=\"map-frame\" id=\"map-frame\">\n").dropFirst().first)
            overview = try XMLElements(try XCTUnwrap(frame.components(separatedBy: "</svg>").first) + "</svg>")
            var views: [String: XMLElements] = [:]
            var outside = ""
            var rest = Substring(html)
            while let start = rest.range(of: "<template id=\""), let end = rest.range(of: "</template>") {
                outside += rest[..<start.lowerBound]
                let template = rest[start.upperBound..<end.lowerBound]
                let id = String(template.prefix { $0 != "\"" })
                let svg = try XCTUnwrap(template.range(of: "<svg "))
                views[id] = try XMLElements(String(template[svg.lowerBound...]))
                rest = rest[end.upperBound...]
            }
            self.views = views
            self.outside = outside + rest
            var panels: [String: [String: String]] = [:]
            for panel in self.outside.components(separatedBy: "<div class=\"box-info\" ").dropFirst() {
                let attributes = (panel.components(separatedBy: ">").first ?? "").components(separatedBy: "\" ").compactMap { pair -> (String, String)? in
                    let parts = pair.components(separatedBy: "=\"")
                    return parts.count == 2 ? (parts[0], parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))) : nil
                }
                let values = Dictionary(attributes, uniquingKeysWith: { first, _ in first })
                if let box = values["data-box"] { panels[box] = values }
            }
            self.panels = panels
        }

        static func boxes(_ picture: XMLElements) -> [String] {
            picture.elements.filter { $0.attributes["class"]?.hasPrefix("node ") == true }.compactMap { $0.attributes["id"] }
        }

        static func groups(_ picture: XMLElements) -> [(id: String, name: String)] {
            picture.elements.filter { $0.attributes["data-role"] == "group" }.map { ($0.attributes["id"] ?? "", $0.attributes["data-name"] ?? "") }
        }

        /// The value of `attribute` on the panel of `box`.
        func panelAttribute(_ attribute: String, of box: String) -> String? { panels[box]?[attribute] }
    }

    private func report(of directory: URL) throws -> Page {
        try Page(HTMLReportTests.htmlReport(in: directory))
    }

    func testEveryGroupBoxOpensIntoAPictureOfItsTypes() throws {
        let folder = try TemporaryFolder()
        let page = try report(of: Self.writeApp(targets: 3, features: 5, views: 6, in: folder))
        let groups = Page.groups(page.overview)
        XCTAssertGreaterThan(groups.count, 5, "a 126-type app is drawn in groups")
        XCTAssertLessThanOrEqual(Page.boxes(page.overview).count, ArchitectureMap.maximumBoxes)
        for group in groups {
            let view = try XCTUnwrap(page.views["view-" + group.id], group.name)
            let boxes = Page.boxes(view)
            XCTAssertFalse(boxes.contains(group.id), "\(group.name) is drawn opened")
            // `Target1/Feature3` holds the types named `T1F3…`: all of them are drawn, none folded.
            let parts = group.name.split(separator: "/")
            let prefix = "n_T" + parts[0].dropFirst("Target".count) + "F" + parts[1].dropFirst("Feature".count)
            let members = boxes.filter { $0.hasPrefix(prefix) && $0.dropFirst(prefix.count).first?.isNumber != true }
            XCTAssertEqual(members.count, 6 + 2 + (Int(parts[1].dropFirst("Feature".count))! % 3 == 0 ? 1 : 0), "\(group.name): \(boxes)")
            XCTAssertEqual(page.panelAttribute("data-open", of: group.id), "view-" + group.id)
            XCTAssertEqual(Set(page.panelAttribute("data-inside", of: group.id)?.split(separator: " ").map(String.init) ?? []), Set(members))
            for member in members { XCTAssertEqual(page.panelAttribute("data-view", of: member), "view-" + group.id, member) }
        }
        XCTAssertEqual(Set(page.views.keys), Set(groups.map { "view-" + $0.id }), "one picture per group, no more")

        // Every box of every picture has a panel that names a view that exists, and every type is in the search list.
        let views = Set(page.views.keys).union([MapExplorer.overviewID])
        for picture in [page.overview] + page.views.values {
            for box in Page.boxes(picture) {
                let view = try XCTUnwrap(page.panelAttribute("data-view", of: box), "panel of \(box)")
                XCTAssertTrue(views.contains(view), "\(box) in \(view)")
                if let opened = page.panelAttribute("data-open", of: box) { XCTAssertTrue(views.contains(opened)) }
            }
        }
        let list = try XCTUnwrap(page.outside.components(separatedBy: "<datalist id=\"map-types\">").dropFirst().first?
            .components(separatedBy: "</datalist>").first)
        XCTAssertEqual(list.components(separatedBy: "<option value=\"").count - 1, 3 * 5 * 8 + 3 * 2, "every type")
        assertLinksAndIDsHold(page)
    }

    func testAGroupTooLargeForOnePictureOpensIntoItsFolders() throws {
        let folder = try TemporaryFolder()
        // Four targets of 12 features × 5–6 types: a target holds 64 types, more than one picture draws, and their 48
        // folders do not fit the overview, so some target stays one box.
        let page = try report(of: Self.writeApp(targets: 4, features: 12, views: 3, in: folder))
        let targets = Page.groups(page.overview).filter { !$0.name.contains("/") }
        XCTAssertFalse(targets.isEmpty, "\(Page.groups(page.overview).map(\.name))")
        for target in targets {
            let view = try XCTUnwrap(page.views["view-" + target.id])
            XCTAssertLessThanOrEqual(Page.boxes(view).count, ArchitectureMap.maximumBoxes)
            let folders = Page.groups(view).filter { $0.name.hasPrefix(target.name + "/") }
            XCTAssertFalse(folders.isEmpty, "\(target.name) opens into its folders: \(Page.groups(view).map(\.name))")
            // Each of those folders opens in turn, into its types.
            for sub in folders {
                let subview = try XCTUnwrap(page.views["view-" + sub.id], sub.name)
                XCTAssertFalse(Page.boxes(subview).contains(sub.id))
                XCTAssertEqual(page.panelAttribute("data-view", of: sub.id), "view-" + target.id)
            }
        }
        assertLinksAndIDsHold(page)
    }

    func testPanelsGiveRoleEvidenceRelationsAndFindingsLinkedToTheList() throws {
        let folder = try TemporaryFolder()
        for (path, text) in HTMLReportTests.shop { try folder.write("Shop/" + path, text + "\n") }
        let page = try report(of: folder.url.appendingPathComponent("Shop"))
        XCTAssertTrue(page.views.isEmpty, "a shop of 8 types fits one picture: nothing to open")
        let panel = try XCTUnwrap(page.outside.components(separatedBy: "<div class=\"box-info\" data-box=\"n_CartRow\"").dropFirst().first?
            .components(separatedBy: "</div>").first)
        XCTAssertTrue(panel.hasPrefix(" data-view=\"overview\" hidden>\n<h3><code>CartRow</code></h3>\n"
            + "<p><span class=\"role role-container\">container</span> <code>Sources/App/Presentation/CartRow.swift:3</code></p>\n"), panel)
        XCTAssertTrue(panel.contains("<h4>Uses (1)</h4>\n<ul class=\"box-relations\">\n<li class=\"violation\">observes let → "
            + "<a href=\"#map//n_CartStore\"><code>CartStore</code></a> "
            + "<code class=\"where\" title=\"Sources/App/Presentation/CartRow.swift:5\">line 5</code> <span class=\"breaks\">breaks "), panel)
        XCTAssertTrue(panel.contains("<h4>Used by (1)</h4>\n<ul class=\"box-relations\">\n<li>← <a href=\"#map//n_CartScreen\">"
            + "<code>CartScreen</code></a> shows body <code class=\"where\" "
            + "title=\"Sources/App/CartScreen.swift:9\">CartScreen.swift:9</code></li>"), panel)
        XCTAssertTrue(panel.contains("<h4>Findings (2)</h4>\n<ul class=\"box-findings\">\n<li><a class=\"finding-link\" href=\"#finding-"), panel)
        // The violating relation is listed under the picture too, linked to the findings that make it one.
        XCTAssertTrue(page.outside.contains("<summary>1 relation breaks an architecture rule</summary>"))
        XCTAssertTrue(page.outside.contains("<tr class=\"violation\"><td><a href=\"#map//n_CartRow\"><code>CartRow</code></a>"
            + "</td><td>observes let</td><td><a href=\"#map//n_CartStore\"><code>CartStore</code></a></td>"
            + "<td><a class=\"finding-link\" href=\"#finding-"))
        // The bar and the panel wait for the script; without it the picture and the tables are the page.
        XCTAssertTrue(page.outside.contains("<div class=\"map-tools\" id=\"map-tools\" hidden>"))
        XCTAssertTrue(page.outside.contains("<aside class=\"map-panel\" id=\"map-panel\" aria-label=\"Selected box\" hidden>"))
        assertLinksAndIDsHold(page)
    }

    func testFindingsGoToTheTypeDeclaredAboveThem() {
        func role(_ name: String, _ path: String, line: Int) -> RoleAssignment {
            RoleAssignment(id: name, name: name, role: .container, evidence: [], path: path, position: SourcePosition(line: line, column: 1))
        }
        let declarations = [role("B", "A.swift", line: 20), role("A", "A.swift", line: 3), role("C", "C.swift", line: 1)]
        let findings = [(2, "A.swift"), (3, "A.swift"), (19, "A.swift"), (40, "A.swift"), (5, "C.swift"), (5, "D.swift")].map { line, file in
            Finding(rule: "r", severity: .warning, file: file, line: line, column: 1, message: "m")
        }
        XCTAssertEqual(MapExplorer.findingsByType(findings, declarations: declarations), ["n_A": [1, 2], "n_B": [3], "n_C": [4]])
    }

    func testNamesFromTheCodeAreEscapedEverywhere() throws {
        let folder = try TemporaryFolder()
        let hostile = "<b>\"Fe&at'\u{202E}ure"
        let page = try report(of: Self.writeApp(targets: 1, features: 12, views: 3, in: folder, folderName: { "\(hostile)\($0)" }))
        XCTAssertFalse(page.html.contains("<b>") || page.html.unicodeScalars.contains("\u{202E}"))
        let shown = "&lt;b&gt;&quot;Fe&amp;at&#39;\\u{202E}ure"
        XCTAssertTrue(page.html.contains("data-name=\"\(shown)7\" data-title=\"\(shown)7, "), "template attributes")
        XCTAssertTrue(page.outside.contains("<h3><code>\(shown)7</code></h3>"), "group panel")
        XCTAssertFalse(page.views.isEmpty)
        // Ids and hashes stay ASCII letters, digits, `_` and `-` whatever the folder is called.
        for id in page.views.keys { XCTAssertTrue(id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }, id) }
        assertLinksAndIDsHold(page)
    }

    /// Outside the templates (each a document of its own), ids are unique and every in-page link has its target;
    /// `#map/…` links are the script's.
    private func assertLinksAndIDsHold(_ page: Page, file: StaticString = #filePath, line: UInt = #line) {
        let ids = page.outside.components(separatedBy: " id=\"").dropFirst().compactMap { $0.components(separatedBy: "\"").first }
        XCTAssertEqual(ids.count, Set(ids).count, "duplicate ids: \(Dictionary(grouping: ids) { $0 }.filter { $1.count > 1 }.keys.sorted())",
                       file: file, line: line)
        let targets = page.outside.components(separatedBy: "href=\"#").dropFirst().compactMap { $0.components(separatedBy: "\"").first }
        let missing = Set(targets.filter { !$0.hasPrefix("map/") }).subtracting(ids)
        XCTAssertEqual(missing, [], file: file, line: line)
        for target in targets where target.hasPrefix("map/") {
            let parts = target.split(separator: "/", omittingEmptySubsequences: false)
            XCTAssertEqual(parts.count, 3, target, file: file, line: line)
            XCTAssertTrue(parts[1].isEmpty || parts[1] == "overview" || page.views[String(parts[1])] != nil, target, file: file, line: line)
        }
    }

    // MARK: In a browser

    /// Drives the explorer in headless Chromium: a script appended to the page clicks a group, goes back, opens another
    /// with Enter, searches a type, widens the highlight to two steps, follows a relation and a finding's link, and
    /// records what the page shows after each step; the test checks it against the pictures in the page.
    func testClickSearchAndFocusInAHeadlessBrowser() throws {
        let browser = try HTMLReportTests.headlessBrowser()
        let folder = try TemporaryFolder()
        let html = try HTMLReportTests.htmlReport(in: Self.writeApp(targets: 3, features: 5, views: 6, in: folder))
        let page = try Page(html)
        let driver = """
            <style>* { transition: none !important; }</style>
            <script>
            (function () {
              var results = {};
              function svg() { return document.getElementById('map-frame').querySelector('svg'); }
              function ids(selector) { return Array.prototype.map.call(svg().querySelectorAll(selector), function (n) { return n.id; }); }
              function seen() {
                var info = document.querySelector('#map-panel .box-info:not([hidden])');
                return { boxes: ids('.node'), selected: ids('.node.selected'), inside: ids('.node.inside'), near: ids('.node.near'),
                         faded: Array.prototype.filter.call(svg().querySelectorAll('.node'), function (n) {
                           return Number(getComputedStyle(n).opacity) < 0.5; }).map(function (n) { return n.id; }),
                         title: document.getElementById('map-view-title').textContent, back: !document.getElementById('map-back').hidden,
                         panel: info ? info.dataset.box : '', panelShown: !document.getElementById('map-panel').hidden,
                         hash: location.hash, focused: document.activeElement ? document.activeElement.id || '' : '' };
              }
              results.start = seen();
              results.start.buttons = svg().querySelectorAll('.node[tabindex="0"][role="button"][aria-label]').length;
              results.start.label = svg().querySelector('.node[data-role="group"]').getAttribute('aria-label');
              results.start.toolsShown = !document.getElementById('map-tools').hidden;
              var groups = svg().querySelectorAll('.node[data-role="group"]');
              results.clicked = groups[0].id;
              groups[0].dispatchEvent(new MouseEvent('click', { bubbles: true }));
              results.opened = seen();
              document.getElementById('map-back').click();
              results.back = seen();
              var second = svg().querySelectorAll('.node[data-role="group"]')[1];
              results.entered = second.id;
              second.focus();
              second.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
              results.keyboard = seen();
              var search = document.getElementById('map-search');
              search.value = 'T2F4View3';
              search.dispatchEvent(new Event('input', { bubbles: true }));
              results.search = seen();
              var depth = document.getElementById('map-depth');
              depth.value = '2';
              depth.dispatchEvent(new Event('change'));
              results.depth2 = seen();
              var relation = document.querySelector('#map-panel .box-info:not([hidden]) a[href="#map//n_T2F4View4"]');
              if (relation) { relation.click(); }
              results.followed = seen();
              search.value = 'nothing like it';
              search.dispatchEvent(new Event('change', { bubbles: true }));
              results.missing = document.getElementById('map-status').textContent;
              svg().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
              results.escaped = seen();
              depth.value = '1';
              search.value = 't0f0r';
              search.dispatchEvent(new Event('change', { bubbles: true }));
              var link = document.querySelector('#map-panel .box-info:not([hidden]) a.finding-link');
              results.findingLink = link ? link.getAttribute('href') : '';
              if (link) { link.click(); }
              results.afterFinding = location.hash;
              var out = document.createElement('script');
              out.type = 'application/json';
              out.id = 'test-results';
              out.textContent = JSON.stringify(results);
              document.body.appendChild(out);
            })();
            </script>
            """
        let file = try folder.write("report.html", html.replacingOccurrences(of: "</body>", with: driver + "\n</body>"))
        let dom = try HTMLReportTests.runBrowser(browser, ["--dump-dom", file.absoluteString], in: folder)
        let json = try XCTUnwrap(dom.components(separatedBy: "<script type=\"application/json\" id=\"test-results\">").dropFirst().first?
            .components(separatedBy: "</script>").first, "the driver ran: \(dom.suffix(500))")
        let results = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        func state(_ key: String) throws -> [String: Any] { try XCTUnwrap(results[key] as? [String: Any], key) }
        func list(_ state: [String: Any], _ key: String) -> [String] { state[key] as? [String] ?? [] }

        // At the start: the overview, every box a labelled button, nothing selected, the panel out of the way.
        let start = try state("start")
        XCTAssertEqual(list(start, "boxes"), Page.boxes(page.overview))
        XCTAssertEqual(start["buttons"] as? Int, Page.boxes(page.overview).count)
        XCTAssertTrue((start["label"] as? String ?? "").hasSuffix(" types; opens into its types"), "\(start["label"] ?? "")")
        XCTAssertEqual(start["toolsShown"] as? Bool, true)
        XCTAssertEqual(start["panelShown"] as? Bool, false)
        XCTAssertEqual(list(start, "faded"), [])

        // A click opens the group into its picture, its types marked, the rest faded but for their neighbours.
        let clicked = try XCTUnwrap(results["clicked"] as? String)
        let opened = try state("opened")
        let openedView = try XCTUnwrap(page.views["view-" + clicked])
        XCTAssertEqual(list(opened, "boxes"), Page.boxes(openedView))
        XCTAssertEqual(Set(list(opened, "inside")), Set(page.panelAttribute("data-inside", of: clicked)?.split(separator: " ").map(String.init) ?? []))
        XCTAssertEqual(opened["back"] as? Bool, true)
        XCTAssertEqual(opened["panel"] as? String, clicked)
        XCTAssertEqual(opened["hash"] as? String, "#map/view-\(clicked)/\(clicked)")
        XCTAssertTrue((opened["title"] as? String ?? "").hasPrefix("Opened: Target"), "\(opened["title"] ?? "")")
        let near = Set(list(opened, "near")), inside = Set(list(opened, "inside"))
        XCTAssertEqual(near, Self.neighbours(of: inside, in: openedView, depth: 1).subtracting(inside))
        XCTAssertEqual(Set(list(opened, "faded")), Set(Page.boxes(openedView)).subtracting(near).subtracting(inside))

        // Back: the overview, with the group that was opened selected.
        let back = try state("back")
        XCTAssertEqual(list(back, "boxes"), Page.boxes(page.overview))
        XCTAssertEqual(list(back, "selected"), [clicked])
        XCTAssertEqual(back["back"] as? Bool, false)

        // Enter on a focused group opens it too, and the keyboard focus moves into the new picture.
        let entered = try XCTUnwrap(results["entered"] as? String)
        let keyboard = try state("keyboard")
        XCTAssertEqual(list(keyboard, "boxes"), Page.boxes(try XCTUnwrap(page.views["view-" + entered])))
        XCTAssertTrue(list(keyboard, "inside").contains(keyboard["focused"] as? String ?? "-"), "\(keyboard)")

        // Search: the picture that draws the type opens with it selected and its neighbours brought out.
        let search = try state("search")
        let searchedView = try XCTUnwrap(page.panelAttribute("data-view", of: "n_T2F4View3"))
        XCTAssertEqual(searchedView, "view-g_Target2_2f_Feature4")
        let picture = try XCTUnwrap(page.views[searchedView])
        XCTAssertEqual(list(search, "boxes"), Page.boxes(picture))
        XCTAssertEqual(list(search, "selected"), ["n_T2F4View3"])
        XCTAssertEqual(search["panel"] as? String, "n_T2F4View3")
        XCTAssertEqual(Set(list(search, "near")), ["n_T2F4View2", "n_T2F4View4"])
        XCTAssertEqual(list(search, "faded").count, Page.boxes(picture).count - 3)
        let depth2 = try state("depth2")
        XCTAssertEqual(Set(list(depth2, "near")), Self.neighbours(of: ["n_T2F4View3"], in: picture, depth: 2).subtracting(["n_T2F4View3"]))
        XCTAssertEqual(Set(list(depth2, "near")).count, 4, "\(list(depth2, "near"))")
        // A relation's link in the panel selects the other end, in the same picture when it draws it.
        let followed = try state("followed")
        XCTAssertEqual(list(followed, "selected"), ["n_T2F4View4"])
        XCTAssertEqual(list(followed, "boxes"), Page.boxes(picture))
        XCTAssertEqual(followed["panel"] as? String, "n_T2F4View4")
        XCTAssertTrue((results["missing"] as? String ?? "").hasPrefix("No type on the map is called"), "\(results["missing"] ?? "")")
        let escaped = try state("escaped")
        XCTAssertEqual(list(escaped, "selected"), [])
        XCTAssertEqual(list(escaped, "faded"), [])
        XCTAssertEqual(escaped["panelShown"] as? Bool, false)

        // A panel's finding link leads to the finding's entry in the list.
        let findingLink = try XCTUnwrap(results["findingLink"] as? String)
        XCTAssertTrue(findingLink.hasPrefix("#finding-"), findingLink)
        XCTAssertEqual(results["afterFinding"] as? String, findingLink)
        XCTAssertTrue(page.outside.contains("<li class=\"finding\" id=\"\(findingLink.dropFirst())\""))
    }

    /// A link to a view and a box opens the page there: how the screenshots show opened groups.
    func testAHashOpensTheViewItNames() throws {
        let browser = try HTMLReportTests.headlessBrowser()
        let folder = try TemporaryFolder()
        let file = try folder.write("report.html", try HTMLReportTests.htmlReport(in: Self.writeApp(targets: 3, features: 5, views: 6, in: folder)))
        let dom = try HTMLReportTests.runBrowser(browser, ["--dump-dom", file.absoluteString + "#map//n_T1F2Model"], in: folder)
        let frame = try XCTUnwrap(dom.components(separatedBy: "id=\"map-frame\">").dropFirst().first?.components(separatedBy: "</svg>").first)
        XCTAssertTrue(frame.contains("<g class=\"node role-model selected\" id=\"n_T1F2Model\""), String(frame.prefix(300)))
        XCTAssertTrue(dom.contains("<span class=\"map-view-title\" id=\"map-view-title\" aria-live=\"polite\">Opened: Target1/Feature2, 8 types</span>"))
    }

    /// Screenshots of a small, a mid-size and a large generated app: the overview, an opened group and a search. They
    /// are checked for size and content here; set MVLINT_SCREENSHOTS to a folder to keep them and look at them.
    func testScreenshotsOfThreeSizes() throws {
        let browser = try HTMLReportTests.headlessBrowser()
        let folder = try TemporaryFolder()
        let kept = ProcessInfo.processInfo.environment["MVLINT_SCREENSHOTS"].map { URL(fileURLWithPath: $0, isDirectory: true) }
        for (name, targets, features, views) in [("small", 2, 3, 4), ("mid", 3, 5, 6), ("large", 6, 10, 8)] {
            let html = try HTMLReportTests.htmlReport(in: Self.writeApp(targets: targets, features: features, views: views, in: folder, named: name))
            let page = try Page(html)
            let file = try folder.write("\(name).html", html)
            var states = ["overview": ""]
            if let group = Page.groups(page.overview).first { states["opened"] = "#map/view-\(group.id)/\(group.id)" }
            states["search"] = "#map//n_T1F0Row"
            for (state, hash) in states {
                let screenshot = (kept ?? folder.url).appendingPathComponent("\(name)-\(state).png")
                _ = try HTMLReportTests.runBrowser(browser, ["--hide-scrollbars", "--screenshot=\(screenshot.path)", "--window-size=1400,1400",
                                                             file.absoluteString + hash], in: folder)
                let png = try Data(contentsOf: screenshot)
                XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "\(name) \(state)")
                XCTAssertGreaterThan(png.count, 60_000, "\(name) \(state): more than a blank page")
            }
        }
    }

    /// The boxes within `depth` arrows of `seeds` in a picture, following arrows either way.
    static func neighbours(of seeds: Set<String>, in picture: XMLElements, depth: Int) -> Set<String> {
        var links: [String: Set<String>] = [:]
        for edge in picture.elements where edge.attributes["class"]?.hasPrefix("edge ") == true {
            guard let from = edge.attributes["data-from"], let to = edge.attributes["data-to"] else { continue }
            links[from, default: []].insert(to)
            links[to, default: []].insert(from)
        }
        var reached = seeds, frontier = seeds
        for _ in 0..<depth {
            frontier = Set(frontier.flatMap { links[$0] ?? [] }).subtracting(reached)
            reached.formUnion(frontier)
        }
        return reached
    }
}

/// Guesses the architecture a project follows when neither `--profile` nor the configuration names one. One
/// `*ViewModel` or two `*Container` names in a large app say little, so it measures shares of the project's
/// screens and says which measure decided and how sure it is:
/// `mvvm (detected, strong: 34 of 40 screens backed by a view model, e.g. FeedView → FeedViewModel)`.
///
/// - A *screen* is a view that other code shows (a view, scene, hosting controller or navigation destination
///   constructs it; previews do not count) and that holds state: a container by role, or a view holding a view
///   model, also through a `…ViewModel…` protocol it conforms to (mvvm-io views hold `…ViewModelType`).
/// - A screen is *backed by a view model* when it holds one, however (owns, observes, receives).
/// - A screen *hands off* its UI when it lays out little itself (a container, not mixed) and shows a
///   presentation view that takes an action closure: the container/presentation split.
/// - `mvvm` needs most screens backed; `mvvm-io` also most view models exposing `inputs`/`outputs`;
///   `container-presentation` most views in presentation-named code holding no model, or most screens
///   handing off; `mv` is the rest, the style the SwiftUI guide recommends.
/// - Evidence is *strong* when the deciding share is at least 60 % of at least 5 (for `mv`: screens backed
///   and screens handing off each at most a third of at least 5), and *weak* otherwise.
public enum ProfileDetector {
    public static func detect(_ project: ProjectContext) -> ProfileDetection {
        let roles = project.architecture.roles
        let viewModels = roles.values.filter { $0.role == .viewModel }.sorted(by: declarationOrder)
        let screens = findScreens(project, viewModels: viewModels)
        let backedScreens = screens.filter { $0.viewModel != nil }
        // The example that shows the pattern best is a pair named alike: FeedView → FeedViewModel.
        let example = backedScreens.first { $0.isNamedAfterItsViewModel } ?? backedScreens.first
        let backed = Share(count: backedScreens.count, of: screens.count,
                           example: example.flatMap { screen in screen.viewModel.map { "\(screen.view.name) → \($0)" } })

        if backed.isMajority {
            let splitting = Share(viewModels.map(\.id).filter { exposesInputsAndOutputs($0, index: project.index) }.map(project.index.displayName),
                                  of: viewModels.count)
            if splitting.isMajority {
                return ProfileDetection(.mvvmIO, backed.isClearMajority && splitting.isClearMajority ? .strong : .weak,
                                        splitting.describe("view models expose inputs/outputs") + "; "
                                            + backed.describe("screens backed by a view model"))
            }
            return ProfileDetection(.mvvm, backed.isClearMajority ? .strong : .weak, backed.describe("screens backed by a view model"))
        }
        if let layer = presentationLayerShare(project), layer.share.isMajority {
            return ProfileDetection(.containerPresentation, layer.share.isClearMajority ? .strong : .weak,
                                    layer.share.describe("views in \(layer.units) hold no model"))
        }
        // Grouped once: asking the architecture for each screen's relations copied out every one of them.
        let shownBy = Dictionary(grouping: project.architecture.relations.lazy.filter { $0.kind == .shows }, by: \.from)
        let handingOff = Share(screens.compactMap { handOff(of: $0.view, shows: shownBy[$0.view.id] ?? [], roles: project.architecture, index: project.index) },
                               of: screens.count)
        if handingOff.isMajority {
            return ProfileDetection(.containerPresentation, handingOff.isClearMajority ? .strong : .weak,
                                    handingOff.describe("screens hand values and closures to presentation views"))
        }
        guard !screens.isEmpty else {
            return ProfileDetection(.mv, .weak, "no screens (views holding state that other code shows)")
        }
        return ProfileDetection(.mv, backed.isClearMinority && handingOff.isClearMinority ? .strong : .weak,
                                "\(backed.count) of \(screens.count) screens backed by a view model, "
                                    + "\(handingOff.count) handing values and closures to presentation views")
    }

    /// Whether the detection a previous run made (`detected`) stands after the file at `path` began or stopped
    /// declaring `types`, which nothing else names, as the small project `part` (with them) says: detection counts the
    /// screens — views other code shows that hold state or a view model —, the views of presentation code, and under
    /// mvvm the view models. So such a view must not be shown unless it is plain presentation, must not be in
    /// presentation code, and a view model must not change what the screens are backed by. (What the types show is
    /// compared with the small project's constructions: `ChangedFileJudgement.Setting.answers`.)
    static func stands(with types: Architecture.SeparableTypes, in part: ProjectContext, file path: String, detected: Profile) -> Bool {
        let index = part.index
        let views = Set(types.roles.filter(\.role.isView).map(\.id))
        if !views.isEmpty, !part.layers.presentationUnits.isEmpty, part.layers.layerOfFile[path] == LayerPlan.defaultPresentationLayer {
            return false
        }
        for viewModel in types.roles where viewModel.role == .viewModel {
            guard detected != .mvvm, detected != .mvvmIO else { return false }
            // A view-model protocol it conforms to may back screens elsewhere (`findScreens`).
            if index.entry(viewModel.id)?.inheritedIDs.contains(where: { (index.entry($0)?.name ?? $0).contains("ViewModel") }) == true { return false }
        }
        guard !views.isEmpty else { return true }
        guard let position = part.files.firstIndex(where: { $0.path == path }) else { return false }
        var previews: Set<String>?
        for link in part.constructionLinks[position] where views.contains(link.created) {
            guard let creator = link.creator, creator != link.created else { continue }
            if previews == nil { previews = index.ids(inheritingAnyOf: ["PreviewProvider"]) }
            guard previews?.contains(creator) == false else { continue }
            // Shown, so a screen if it holds state or a view model (directly or through a protocol).
            guard isPlainPresentation(types.roles.first { $0.id == link.created }, index: index) else { return false }
        }
        return true
    }

    /// Whether a view is presentation holding nothing named a view model: shown or not, never a screen (`findScreens`).
    private static func isPlainPresentation(_ view: RoleAssignment?, index: ProjectIndex) -> Bool {
        guard let view, view.role == .presentation else { return false }
        return !(index.entry(view.id)?.properties.contains { $0.typeName?.contains("ViewModel") == true } ?? true)
    }

    /// Whether the detection a previous run made stands after the views `created` began or stopped being made by code
    /// of `creators`, as the small projects `before` and `after` say (each holds every file naming a view of `created`;
    /// the roles are the whole project's, `kept`): detection counts a view that holds state or a view model as a screen
    /// only when other code shows it, and a screen's hand-off by the first presentation view it shows, so whether each
    /// such view is shown and what each creator hands off must stay.
    static func standsShowing(_ created: Set<String>, by creators: Set<String>, before: ProjectContext, after: ProjectContext,
                              kept: Architecture) -> Bool {
        let (shownBefore, shownAfter) = (shownTypes(before), shownTypes(after))
        guard created.allSatisfy({ view in
            shownBefore.contains(view) == shownAfter.contains(view) || isPlainPresentation(kept.roles[view], index: after.index)
        }) else { return false }
        let handOffs = { (project: ProjectContext) in
            creators.sorted().map { creator -> String? in
                guard let view = kept.roles[creator] else { return nil }
                return handOff(of: view, shows: project.architecture.relations(.shows, from: creator), roles: kept, index: project.index)
            }
        }
        return handOffs(before) == handOffs(after)
    }

    /// So many of so many, with the first one as an example.
    struct Share {
        /// Samples smaller than this are weak evidence whatever their share.
        static let minimumSample = 5

        var count: Int
        var total: Int
        var example: String?

        init(count: Int, of total: Int, example: String?) {
            self.count = count
            self.total = total
            self.example = example
        }

        init(_ matching: [String], of total: Int) {
            self.init(count: matching.count, of: total, example: matching.first)
        }

        var isMajority: Bool { 2 * count > total }
        /// At least 60 % of a sample large enough to mean something.
        var isClearMajority: Bool { total >= Share.minimumSample && 5 * count >= 3 * total }
        /// At most a third of a sample large enough to mean something: the exceptions an MV app makes.
        var isClearMinority: Bool { total >= Share.minimumSample && 3 * count <= total }

        func describe(_ what: String) -> String {
            "\(count) of \(total) \(what)" + (example.map { ", e.g. \($0)" } ?? "")
        }
    }

    struct Screen {
        var view: RoleAssignment
        /// The view model backing it, if any.
        var viewModel: String?

        var isNamedAfterItsViewModel: Bool {
            guard let viewModel else { return false }
            let stem = viewModel.hasSuffix("ViewModel") ? String(viewModel.dropLast("ViewModel".count)) : viewModel
            let viewStem = view.name.hasSuffix("View") ? String(view.name.dropLast("View".count)) : view.name
            return !stem.isEmpty && viewStem == stem
        }
    }

    private static func findScreens(_ project: ProjectContext, viewModels: [RoleAssignment]) -> [Screen] {
        let index = project.index
        // What a view holding a view model names: the class, or a view-model protocol the class conforms to.
        var viewModelByHeldType: [String: String] = [:]
        for viewModel in viewModels {
            viewModelByHeldType[viewModel.id] = viewModel.name
            for parent in index.entry(viewModel.id)?.inheritedIDs ?? []
            where index.kind(of: parent) == .protocol && (index.entry(parent)?.name.contains("ViewModel") ?? false)
                && viewModelByHeldType[parent] == nil {
                viewModelByHeldType[parent] = viewModel.name
            }
        }
        // The shown types read every construction, the views' models their properties: each on a core of its own.
        let (screens, shown) = ParallelMap.both({
            project.architecture.roles.values.filter(\.role.isView).sorted(by: declarationOrder).compactMap { view -> Screen? in
                // A loop, not a chain of lazy maps ending in `first`: that resolved each property's type more than once.
                var viewModel: String?
                for property in index.entry(view.id)?.properties ?? MergedFacts() where !property.isStatic && !property.isComputed {
                    if let held = index.heldType(of: property, in: view.id, path: view.path), let named = viewModelByHeldType[held] {
                        viewModel = named
                        break
                    }
                }
                return view.role == .presentation && viewModel == nil ? nil : Screen(view: view, viewModel: viewModel)
            }
        }, aside: { shownTypes(project) })
        return screens.filter { shown.contains($0.view.id) }
    }

    /// Types that some other type's code constructs; previews show everything and prove nothing.
    private static func shownTypes(_ project: ProjectContext) -> Set<String> {
        var shown = Set<String>()
        let previews = project.index.ids(inheritingAnyOf: ["PreviewProvider"])
        for links in project.constructionLinks {
            var isPreview = LastAnswer<Bool>()
            for link in links {
                guard let shower = link.creator, shower != link.created, !isPreview.value(for: shower, previews.contains) else { continue }
                shown.insert(link.created)
            }
        }
        return shown
    }

    /// "FeedScreen → FeedList" when a container that lays out little shows a presentation view taking an action closure
    /// (`shows`: the view's `.shows` relations, in order; `roles`: the project's).
    private static func handOff(of view: RoleAssignment, shows: [Relation], roles: Architecture, index: ProjectIndex) -> String? {
        guard view.role == .container else { return nil }
        let presenter = shows.first { shown in roles.role(of: shown.to) == .presentation && receivesActionClosure(shown.to, index: index) }
        return presenter.map { "\(view.name) → \(index.displayName($0.to))" }
    }

    /// Views declared in presentation-named targets and folders, and how many of them hold no model;
    /// nil when there is no such code or it declares no view.
    private static func presentationLayerShare(_ project: ProjectContext) -> (share: Share, units: String)? {
        let units = project.layers.presentationUnits
        let views = project.architecture.roles.values
            .filter { $0.role.isView && project.layers.layerOfFile[$0.path] == LayerPlan.defaultPresentationLayer }
            .sorted(by: declarationOrder)
        guard let first = units.first, !views.isEmpty else { return nil }
        let named = units.count == 1
            ? "presentation \(first.kind == .module ? "target" : "folder") `\(first.name)`"
            : "presentation code (" + units.map { "`\($0.name)`" }.joined(separator: ", ") + ")"
        return (Share(count: views.filter { $0.role == .presentation }.count, of: views.count, example: nil), named)
    }

    /// The inputs/outputs split: both properties on the class, its extensions, or a protocol it conforms to.
    private static func exposesInputsAndOutputs(_ id: String, index: ProjectIndex) -> Bool {
        guard let entry = index.entry(id) else { return false }
        let protocols = entry.inheritedIDs.compactMap { index.entry($0) }.filter { $0.kind == .protocol }
        let names = Set(([entry] + protocols).flatMap(\.properties).map(\.name))
        return names.contains("inputs") && names.contains("outputs")
    }

    /// Stores an action closure (`let onSave: () -> Void`): the presentation half of the split. A closure that
    /// builds content (`let content: () -> Content`, a lazy wrapper's) is a slot, not an action.
    private static func receivesActionClosure(_ id: String, index: ProjectIndex) -> Bool {
        index.entry(id)?.properties.contains { property in
            guard !property.isStatic, !property.isComputed, let type = property.typeName else { return false }
            return type.contains("-> Void") || type.contains("-> ()")
        } ?? false
    }

    private static func declarationOrder(_ lhs: RoleAssignment, _ rhs: RoleAssignment) -> Bool {
        (lhs.path, lhs.position.line, lhs.name) < (rhs.path, rhs.position.line, rhs.name)
    }
}

/// "1 view model", "3 view models": for reasons and comments written from counts.
func counted(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}

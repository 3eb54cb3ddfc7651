/// A file in one layer imports a module of, or uses a type declared in, a layer it may not depend on.
///
/// A project rule because a type's layer is where it is declared, which may be any other file. Layers come
/// from `layers:` in `.mvlint.yml`; without them, targets and folders named `*Presentation*` or `*UI*Kit*`
/// form a default `presentation` layer that may not reach the app's models and container views.
enum LayerDependencyRule: ProjectRule {
    static let description = RuleDescription(
        id: "layer-dependency", family: .architecture, severity: .error, profiles: .all,
        summary: "A file uses a layer its own layer may not depend on (`layers:` in `.mvlint.yml`, or presentation code reaching into the app).",
        rationale: "Layers only help while dependencies run one way: once presentation code imports the store, or the model layer knows a view module, neither side can be built, previewed, tested or replaced without the other, and the next change has to touch both. Checking the direction on every run keeps an architecture from eroding one convenient import at a time.",
        instead: "Pass what the code needs in from a layer it may use (values, closures, a protocol declared on its own side), or, when the dependency is intended, add the layer to `may_depend_on`. Without `layers:`, presentation targets and folders (`*Presentation*`, `*UI*Kit*`) may not use the app's models, view models or container views.",
        triggering: [
            Example("""
            // layers: ui {paths: [Sources/CartUI/**]}, store {modules: [CartStore]}; ui may depend on nothing
            import SwiftUI
            ↓import CartStore

            struct CartBadge: View {
                let count: Int
                var body: some View {
                    Text("\\(count)").monospacedDigit()
                }
            }
            """, .layers([Layer("ui", paths: ["Sources/CartUI/**"]), Layer("store", modules: ["CartStore"])],
                         path: "Sources/CartUI/CartBadge.swift")),
            // The model layer must not know the view module, even for one helper type.
            Example("""
            // layers: model {modules: [Example]}, ui {modules: [ShopUI], may_depend_on: [model]}
            import Foundation
            ↓import ShopUI

            @Observable final class Basket {
                var items: [String] = []
                var badgeStyle = BadgeStyle.compact
            }
            """, .layers([Layer("model", modules: ["Example"]), Layer("ui", modules: ["ShopUI"], mayDependOn: ["model"])],
                         path: "Sources/Model/Basket.swift")),
            // Every forbidden import is reported; the allowed one and Apple's frameworks are not.
            Example("""
            // layers: feature {paths: [Sources/Feature]} may use design only
            import SwiftUI
            import DesignSystem
            ↓import Networking
            ↓@preconcurrency import struct Persistence.Record

            struct OrderRow: View {
                let title: String
                var body: some View {
                    Text(title).font(.headline)
                }
            }
            """, .layers([Layer("feature", paths: ["Sources/Feature"], mayDependOn: ["design"]),
                          Layer("design", modules: ["DesignSystem"]), Layer("network", modules: ["Networking"]),
                          Layer("persistence", modules: ["Persistence"])],
                         path: "Sources/Feature/OrderRow.swift")),
        ],
        nonTriggering: [
            // The app layer may use the presentation layer.
            Example("""
            // layers: app {paths: [Sources/App/**], may_depend_on: [ui]}, ui {modules: [CartUI]}
            import SwiftUI
            import CartUI

            struct CartScreen: View {
                @State private var count = 0
                var body: some View {
                    CartBadge(count: count)
                }
            }
            """, .layers([Layer("app", paths: ["Sources/App/**"], mayDependOn: ["ui"]), Layer("ui", modules: ["CartUI"])],
                         path: "Sources/App/CartScreen.swift")),
            // Modules no layer lists (Apple's frameworks, third-party packages) are not checked.
            Example("""
            // layers: ui {paths: [Sources/CartUI/**]}, store {modules: [CartStore]}
            import SwiftUI
            import Observation
            import Kingfisher

            struct ProductImage: View {
                let url: URL
                var body: some View {
                    KFImage(url).resizable()
                }
            }
            """, .layers([Layer("ui", paths: ["Sources/CartUI/**"]), Layer("store", modules: ["CartStore"])],
                         path: "Sources/CartUI/ProductImage.swift")),
            // A file no layer claims is not checked.
            Example("""
            // layers: ui {paths: [Sources/CartUI/**]}, store {modules: [CartStore]}
            import Foundation
            import CartStore

            let sampleCart = Cart(items: ["Tea", "Milk"])
            """, .layers([Layer("ui", paths: ["Sources/CartUI/**"]), Layer("store", modules: ["CartStore"])],
                         path: "Scripts/SampleData.swift")),
            // Modules of the file's own layer.
            Example("""
            // layers: ui {modules: [Example, CartUIComponents]}, store {modules: [CartStore]}
            import SwiftUI
            import CartUIComponents

            struct CheckoutButton: View {
                let action: () -> Void
                var body: some View {
                    PrimaryButton("Pay", action: action)
                }
            }
            """, .layers([Layer("ui", modules: ["Example", "CartUIComponents"]), Layer("store", modules: ["CartStore"])],
                         path: "Sources/CartUI/CheckoutButton.swift")),
            // No `layers:`: a presentation folder importing a module the project does not build is not judged.
            Example("""
            import SwiftUI
            import CartStore

            struct PriceLabel: View {
                let cents: Int
                var body: some View {
                    Text(Decimal(cents) / 100, format: .currency(code: "EUR"))
                }
            }
            """, .layers([], path: "Sources/Presentation/PriceLabel.swift")),
        ]
    )

    /// What presentation code may not reach under the default layers: the app's state and its screens.
    /// Plain values, formatters and services' protocols stay usable, so a shared model module of structs is fine.
    static let appCodeRoles: [Role: String] = [.model: "model", .viewModel: "view model", .container: "container view", .mixed: "container view"]

    /// What the layered code declares.
    struct LayeredTypes: Codable, KeptGathered {
        var declarations: Declarations
        /// Under the default layers an import counts only when the module holds app code, not just shared values.
        var modulesWithAppCode: Set<String>

        func movingPlaces(in path: String, by move: (SourcePosition) -> SourcePosition?, moveLine: (Int) -> Int?) -> LayeredTypes? {
            var moved = self
            for (name, declarations) in declarations.visible {
                for place in declarations.indices where declarations[place].path == path {
                    guard let position = move(declarations[place].position) else { return nil }
                    moved.declarations.visible[name]![place].position = position
                }
            }
            return moved
        }
    }

    /// The types each layer declares; nothing when no layers are checked.
    static func gather(_ project: ProjectContext, options: RuleOptions) -> LayeredTypes? {
        guard project.layers.isActive else { return nil }
        return LayeredTypes(declarations: Declarations(project),
                        modulesWithAppCode: project.layers.origin == .defaulted ? modulesHoldingAppCode(project) : [])
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: LayeredTypes?, options: RuleOptions, report: inout [ProjectFinding]) {
        let plan = project.layers
        ReadRecorder.noteProjectWide("layers")
        guard let gathered, let layer = plan.layerOfFile[file.path] else { return }
        let isDefault = plan.origin == .defaulted
        var layersImported = Set<String>()
        for fact in file.facts.dependencies.imports {
            guard let target = plan.layerOfModule[fact.module], !plan.mayDepend(layer, on: target),
                  !isDefault || gathered.modulesWithAppCode.contains(fact.module) else { continue }
            layersImported.insert(target)
            let subject = isDefault ? "`import \(fact.module)` reaches the app's models and container views"
                : "`import \(fact.module)` reaches layer `\(target)`"
            report.append(ProjectFinding(path: file.path, position: fact.position, message: message(subject, from: layer, to: target, isDefault: isDefault)))
        }
        let usableLayers = plan.layers.map(\.name).filter { plan.mayDepend(layer, on: $0) }
        let modules = LayerPlan.moduleNames(inTarget: project.settings(for: file.path).name)
        let imports = Set(file.facts.dependencies.imports.map(\.module))
        for reference in file.facts.dependencies.typeReferences {
            // Only a certain breach counts: a name a usable layer also declares (even nested or private) may mean
            // that type, and a type in a target the file neither belongs to nor imports is not the one it names.
            ReadRecorder.noteType(id: reference.name)
            guard !usableLayers.contains(where: { gathered.declarations.namesByLayer[$0]?.contains(reference.name) == true }),
                  let declared = gathered.declarations.visible[reference.name]?.filter({ $0.isVisible(from: modules, importing: imports) }),
                  let first = declared.first, !declared.contains(where: { layersImported.contains($0.layer) })
            else { continue }
            let location = "\(first.path):\(first.position.line)"
            let subject: String
            if isDefault {
                guard let role = appRole(of: reference.name, in: project) else { continue }
                subject = "`\(reference.name)` is a \(role) of layer `\(first.layer)` (\(location))"
            } else {
                subject = "`\(reference.name)` is declared in layer `\(first.layer)` (\(location))"
            }
            report.append(ProjectFinding(path: file.path, position: reference.position,
                                         message: message(subject, from: layer, to: first.layer, isDefault: isDefault)))
        }
    }

    private static func message(_ subject: String, from layer: String, to target: String, isDefault: Bool) -> String {
        if isDefault {
            return "\(subject), which presentation code (layer `\(layer)`) may not depend on: give the view values and closures instead"
        }
        return "\(subject), which layer `\(layer)` may not depend on: pass the data in from a layer it may use, "
            + "or add `\(target)` to `\(layer)`'s `may_depend_on`"
    }

    struct Declaration: Codable {
        var layer: String
        var modules: [String]
        var path: String
        var position: SourcePosition

        /// Code sees a type of its own target or of a target it imports; unknown targets are given the benefit.
        func isVisible(from fileModules: [String], importing imports: Set<String>) -> Bool {
            fileModules.isEmpty || modules.isEmpty || modules.contains { fileModules.contains($0) || imports.contains($0) }
        }
    }

    /// The types each layer declares, from every layered file.
    struct Declarations: Codable {
        /// Top-level types visible outside their file, by name: what a finding may point at. Nested types are
        /// reached through their outer type's name.
        var visible: [String: [Declaration]] = [:]
        /// Every type name a layer declares, nested and private ones included.
        var namesByLayer: [String: Set<String>] = [:]

        init(_ project: ProjectContext) {
            for file in project.files {
                guard let layer = project.layers.layerOfFile[file.path] else { continue }
                let modules = LayerPlan.moduleNames(inTarget: project.settings(for: file.path).name)
                for type in file.types where type.kind != .extension {
                    namesByLayer[layer, default: []].insert(type.name)
                    guard type.qualifiedName == type.name, !type.isPrivate else { continue }
                    visible[type.name, default: []].append(Declaration(layer: layer, modules: modules, path: file.path, position: type.position))
                }
            }
        }
    }

    /// Targets declaring a model, view model or container view: importing one reaches the app's code.
    static func modulesHoldingAppCode(_ project: ProjectContext) -> Set<String> {
        var modules = Set<String>()
        for file in project.files {
            var scope = project.index.scope(of: file.path)
            guard file.types.contains(where: {
                $0.kind != .extension && scope.id(ofEnclosing: $0.qualifiedName).flatMap { appRole(of: $0, in: project) } != nil
            }) else { continue }
            modules.formUnion(LayerPlan.moduleNames(inTarget: project.settings(for: file.path).name))
        }
        return modules
    }

    private static func appRole(of name: String, in project: ProjectContext) -> String? {
        project.architecture.role(of: name).flatMap { appCodeRoles[$0] }
    }
}

/// An object created where an `@ObservedObject` will hold it (`observed-object-creation`). Whether that loses
/// state depends on other files: whether the holder is a view a SwiftUI parent rebuilds, whether the object
/// holds state at all, and (for arguments) whether the receiving view's property is `@ObservedObject`.
public struct ObservedCreationFact: Sendable, Codable {
    public enum Kind: Sendable, Codable, Equatable {
        /// `@ObservedObject var model = Model()`.
        case propertyDefault(property: String)
        /// `self.model = Model()` or `_model = ObservedObject(wrappedValue: Model())` in the holder's `init`.
        case initializerAssignment(property: String)
        /// `Child(model: Model())` while building a view: an object for `Child`'s `label` property.
        case argument(view: String, label: String)
    }

    public var kind: Kind
    /// The created type as written: `Model` in `Model()`, `Model.init()` or `.init()` after `: Model`.
    public var createdType: String
    /// The holder (`propertyDefault`, `initializerAssignment`) or the view whose body builds `Child` (`argument`).
    public var enclosingType: String?
    /// The `@ObservedObject` attribute for a property default, else the construction.
    public var position: SourcePosition
    /// The range of `ObservedObject` in the attribute, when `@StateObject` is available there: the fix's edit.
    public var stateObjectFix: Range<Int>?
}

/// A view constructed where no SwiftUI body builds it again, by the position of its construction
/// (`observed-object-creation`): a hosting controller's `rootView:`, or inside a `static` or `async` function
/// (a factory that presents it, an exporter that renders it once).
public struct DetachedViewConstructionFact: Sendable, Codable {
    public var typeName: String
    public var position: SourcePosition
}

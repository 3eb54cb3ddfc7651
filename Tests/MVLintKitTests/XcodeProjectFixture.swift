/// Writes the text of a small `project.pbxproj` for tests: native targets with their build settings, their
/// `.xcconfig` files and the Swift files they compile, each file referenced from the main group by its path
/// relative to the project folder.
struct XcodeProjectFixture {
    struct Target {
        var name: String
        var productType = "com.apple.product-type.application"
        var settings: [String: String] = [:]
        /// The `.xcconfig` its configuration is based on, relative to the project folder.
        var baseConfiguration: String?
        /// Swift files of its "Compile Sources" phase, relative to the project folder.
        var files: [String] = []
    }

    var objectVersion = 56
    var projectSettings: [String: String] = [:]
    var targets: [Target]

    var text: String {
        var objects: [String] = []
        var mainGroupChildren: [String] = []
        var nextID = 0
        func newID() -> String {
            nextID += 1
            return "F" + String(repeating: "0", count: 23 - String(nextID).count) + String(nextID)
        }
        func reference(_ path: String) -> String {
            let id = newID()
            objects.append("\(id) = {isa = PBXFileReference; path = \"\(path)\"; sourceTree = SOURCE_ROOT; };")
            mainGroupChildren.append(id)
            return id
        }
        func configurationList(_ settings: [String: String], base: String?) -> String {
            let listID = newID(), configurationID = newID()
            let values = settings.keys.sorted().map { "\($0) = \"\(settings[$0] ?? "")\"; " }.joined()
            let baseReference = base.map { "baseConfigurationReference = \(reference($0)); " } ?? ""
            objects.append("\(configurationID) = {isa = XCBuildConfiguration; \(baseReference)buildSettings = {\(values)}; name = Debug; };")
            objects.append("\(listID) = {isa = XCConfigurationList; buildConfigurations = (\(configurationID), ); };")
            return listID
        }
        var targetIDs: [String] = []
        for target in targets {
            let buildFiles = target.files.map { file -> String in
                let id = newID()
                objects.append("\(id) = {isa = PBXBuildFile; fileRef = \(reference(file)); };")
                return id
            }
            let phaseID = newID(), targetID = newID()
            objects.append("\(phaseID) = {isa = PBXSourcesBuildPhase; files = (\(buildFiles.map { $0 + ", " }.joined())); };")
            let list = configurationList(target.settings, base: target.baseConfiguration)
            objects.append("\(targetID) = {isa = PBXNativeTarget; buildConfigurationList = \(list); buildPhases = (\(phaseID), ); "
                + "name = \"\(target.name)\"; productType = \"\(target.productType)\"; };")
            targetIDs.append(targetID)
        }
        let projectList = configurationList(projectSettings, base: nil)
        let groupID = newID(), projectID = newID()
        objects.append("\(groupID) = {isa = PBXGroup; children = (\(mainGroupChildren.map { $0 + ", " }.joined())); sourceTree = \"<group>\"; };")
        objects.append("\(projectID) = {isa = PBXProject; buildConfigurationList = \(projectList); mainGroup = \(groupID); "
            + "targets = (\(targetIDs.map { $0 + ", " }.joined())); };")
        return """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = \(objectVersion);
        \tobjects = {
        \(objects.map { "\t\t" + $0 }.joined(separator: "\n"))
        \t};
        \trootObject = \(projectID);
        }

        """
    }
}

/// Renders `mvlint roles`: each type, its role, and the evidence for it.
enum RoleReport {
    static func text(_ assignments: [RoleAssignment]) -> String {
        let nameWidth = assignments.map(\.name.count).max() ?? 0
        let roleWidth = assignments.map(\.role.rawValue.count).max() ?? 0
        return assignments.map { assignment in
            let evidence = assignment.evidence.map(\.description).joined(separator: "; ")
            let line = assignment.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                + assignment.role.rawValue.padding(toLength: roleWidth, withPad: " ", startingAt: 0) + "  " + evidence
            return line.trimmingCharacters(in: .whitespaces) + "\n"
        }.joined()
    }

    static func json(_ assignments: [RoleAssignment]) -> String {
        let items = assignments.map { assignment in
            let evidence = assignment.evidence.map {
                "{\"text\": \(JSON.string($0.text)), \"file\": \(JSON.string($0.path)), \"line\": \($0.position.line)}"
            }.joined(separator: ", ")
            return "  {\"name\": \(JSON.string(assignment.name)), \"role\": \(JSON.string(assignment.role.rawValue)), "
                + "\"file\": \(JSON.string(assignment.path)), \"line\": \(assignment.position.line), \"evidence\": [\(evidence)]}"
        }
        return "[\n" + items.joined(separator: ",\n") + (items.isEmpty ? "]\n" : "\n]\n")
    }
}

internal import Foundation

/// Renders `mvlint roles`: each type, its role, and the evidence for it.
enum RoleReport {
    /// Every type with a role, in file and line order: the order `mvlint roles` and the HTML report use.
    static func assignments(of architecture: Architecture) -> [RoleAssignment] {
        architecture.roles.values.sorted { ($0.path, $0.position.line, $0.name) < ($1.path, $1.position.line, $1.name) }
    }

    /// The evidence for a role on one line.
    static func evidence(of assignment: RoleAssignment) -> String {
        let lifetime = assignment.lifetime.map { lifetime in
            "lifetime \(lifetime.lifetime.rawValue): " + lifetime.evidence.map(\.description).joined(separator: ", ")
        }
        return (assignment.evidence.map(\.description) + [lifetime].compactMap { $0 }).joined(separator: "; ")
    }

    static func text(_ assignments: [RoleAssignment]) -> String {
        let nameWidth = assignments.map(\.name.count).max() ?? 0
        let roleWidth = assignments.map(\.role.rawValue.count).max() ?? 0
        return assignments.map { assignment in
            let evidence = evidence(of: assignment)
            let line = assignment.name.padded(toUTF16Length: nameWidth) + "  "
                + assignment.role.rawValue.padded(toUTF16Length: roleWidth) + "  " + evidence
            return line.trimmingSpaces() + "\n"
        }.joined()
    }

    static func json(_ assignments: [RoleAssignment]) -> String {
        let items = assignments.map { assignment in
            let evidence = assignment.evidence.map {
                "{\"text\": \(JSON.string($0.text)), \"file\": \(JSON.string($0.path)), \"line\": \($0.position.line)}"
            }.joined(separator: ", ")
            let lifetime = assignment.lifetime.map { lifetime in
                let evidence = lifetime.evidence.map {
                    "{\"text\": \(JSON.string($0.text)), \"file\": \(JSON.string($0.path)), \"line\": \($0.position.line)}"
                }.joined(separator: ", ")
                return ", \"lifetime\": {\"kind\": \(JSON.string(lifetime.lifetime.rawValue)), \"evidence\": [\(evidence)]}"
            } ?? ""
            return "  {\"name\": \(JSON.string(assignment.name)), \"role\": \(JSON.string(assignment.role.rawValue)), "
                + "\"file\": \(JSON.string(assignment.path)), \"line\": \(assignment.position.line), \"evidence\": [\(evidence)]\(lifetime)}"
        }
        return "[\n" + items.joined(separator: ",\n") + (items.isEmpty ? "]\n" : "\n]\n")
    }
}

#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

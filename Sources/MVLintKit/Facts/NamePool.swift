#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// One copy of each long name in the facts of a run. A name of more than 15 UTF-8 bytes is not held inline by its
/// `String` but in storage of its own, made anew for every token it is read from: the facts of a 1,600-file app held
/// about 50,000 such copies of 12,000 names, a tenth of a run's peak memory. `FileWalker.finish()` shares them
/// (`FileFacts.shareNames`). Sharing is only an optimisation: a name met after `removeAll()` is a copy of its own
/// again, equal to every other, so clearing the pool while walks run changes no result.
final class NamePool: @unchecked Sendable {
    /// The pool the walks share; `Linter.run` empties it when its pass ends, so it holds at most one pass's names.
    static let shared = NamePool()

    /// The longest UTF-8 length a `String` holds inline on 64-bit platforms: shorter names cost nothing to repeat.
    static let inlineLength = 15

    private let lock = Lock()
    /// By their bytes, hashed as the project's tables hash their keys: a `Set<String>` hashed every long name of every
    /// file with SipHash (sharing took 1.6 % of a cold run's CPU on ten thousand real files, 1.2 % now) and told names
    /// apart by canonical equivalence, so one spelling of a name could have stood in for another.
    private var names = StringTable<Void>()

    /// Runs `body` with the pool's names, one file at a time: one lock for a file's names, not one for each.
    func withNames<Result>(_ body: (inout StringTable<Void>) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&names)
    }

    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        names = StringTable()
    }
}

extension StringTable<Void> {
    /// `name`, replaced by the string with its bytes already in the table (which it joins if none is).
    mutating func share(_ name: inout String) {
        guard name.utf8.count > NamePool.inlineLength else { return }
        name = key(equalTo: name, addingIfAbsent: ())
    }

    mutating func share(_ name: inout String?) {
        guard var value = name else { return }
        share(&value)
        name = value
    }

    mutating func share(_ names: inout [String]) {
        for index in names.indices { share(&names[index]) }
    }
}

extension FileFacts {
    mutating func shareNames(in names: inout StringTable<Void>) { modify { $0.shareNames(in: &names) } }
}

extension FileFacts.Fields {
    /// Shares the names of the fields that hold most of them: type, member, variable and module names. Done when
    /// the walk finishes rather than as each token is read: most names read are only compared, and a look-up for each
    /// cost 3 % of a cold run. Not the facts' `enclosingType`s: each is a copy of the walk's name for the type it is
    /// in, one string already, and a type's code is mostly in one file.
    mutating func shareNames(in names: inout StringTable<Void>) {
        names.share(&imports)
        for index in types.indices { types[index].shareNames(in: &names) }
        for index in constructions.indices {
            names.share(&constructions[index].typeName)
        }
        for index in memberCalls.indices {
            names.share(&memberCalls[index].receiver)
            names.share(&memberCalls[index].method)
        }
        for index in bindingProjections.indices {
            names.share(&bindingProjections[index].base)
            names.share(&bindingProjections[index].member)
        }
        for index in memberWrites.indices {
            names.share(&memberWrites[index].receiver)
            names.share(&memberWrites[index].member)
            // Not a name, but one of a few sentences, written out for each write.
            names.share(&memberWrites[index].offMainContext)
        }
        for index in dependencies.typeReferences.indices { names.share(&dependencies.typeReferences[index].name) }
    }
}

extension TypeFact {
    mutating func shareNames(in names: inout StringTable<Void>) { modify { $0.shareNames(in: &names) } }
}

extension TypeFact.Fields {
    mutating func shareNames(in names: inout StringTable<Void>) {
        names.share(&name)
        names.share(&qualifiedName)
        names.share(&inherited)
        names.share(&initializerAssignments)
        for index in properties.indices {
            names.share(&properties[index].name)
            names.share(&properties[index].wrapper)
            names.share(&properties[index].typeName)
            names.share(&properties[index].initializerCallee)
        }
        for index in methods.indices { names.share(&methods[index].name) }
        for index in behavior.helpers.indices {
            names.share(&behavior.helpers[index].name)
            names.share(&behavior.helpers[index].returnType)
            names.share(&behavior.helpers[index].parameterTypes)
        }
    }
}

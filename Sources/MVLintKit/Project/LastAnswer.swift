/// The answer to the last question about a type, kept: a file's facts come in source order, in runs from one type,
/// so a loop over them asking something of the type each fact is in (by its id, or by the name its fact gives)
/// mostly repeats the question before, and comparing the last key costs less than hashing it again.
struct LastAnswer<Value> {
    private var last: (key: String, value: Value)?

    mutating func value(for key: String, _ answer: (String) -> Value) -> Value {
        if let last, last.key == key { return last.value }
        let value = answer(key)
        last = (key, value)
        return value
    }
}

// Test-only: on Apple platforms Foundation re-exports Combine's `ObservableObject` and `Published` as typealiases,
// so model files that import only Foundation compile there. Linux's Foundation does not, so the harness adds this
// file to every type-check (it makes the two names visible module-wide, a little wider than Foundation does).
import Combine

typealias ObservableObject = Combine.ObservableObject
typealias Published = Combine.Published

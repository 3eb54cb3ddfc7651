// In no target, so the plugins leave it alone, though `mvlint lint` in the package folder would report it.
let stray = 0 // mvlint:disable:this fat-view

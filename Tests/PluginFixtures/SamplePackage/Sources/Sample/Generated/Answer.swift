// Stands for generated code: `.mvlint.yml` excludes this folder, so its superfluous disable is never reported.
public let answer = 42 // mvlint:disable:this fat-view

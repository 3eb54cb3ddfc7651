import Foundation
import Combine

final class Downloader: ObservableObject {
    @Published var progress = 0.0
    let finished = PassthroughSubject<URL, Never>()
    private var subscriptions = Set<AnyCancellable>()

    func watch(_ source: AnyPublisher<Double, Never>) {
        source.sink { [weak self] value in self?.progress = value }.store(in: &subscriptions)
    }
}

import Foundation

/// Writes a synthetic but realistic SwiftUI code base: feature folders with container and presentation
/// views, `@Observable` models, `ObservableObject` view models and services, using the constructs the
/// rules look at (wrappers, modifiers, ForEach, tasks, closures), about 60 lines per file.
public enum CorpusGenerator {
    public static func write(files count: Int, to folder: URL) throws {
        try? FileManager.default.removeItem(at: folder)
        for index in 0..<count {
            let feature = "Feature\(index / 5)"
            let directory = folder.appendingPathComponent(feature)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let (name, text) = source(index: index)
            try text.write(to: directory.appendingPathComponent(name + ".swift"), atomically: true, encoding: .utf8)
        }
    }

    static func source(index: Int) -> (String, String) {
        let n = index / 5
        switch index % 5 {
        case 0: return ("Item\(n)ListContainer", containerView(n))
        case 1: return ("Item\(n)RowView", presentationView(n))
        case 2: return ("Item\(n)Model", observableModel(n))
        case 3: return ("Item\(n)ViewModel", legacyViewModel(n))
        default: return ("Item\(n)Service", service(n))
        }
    }

    static func containerView(_ n: Int) -> String {
        """
        import SwiftUI

        struct Item\(n)ListContainer: View {
            @Environment(Item\(n)Model.self) private var model
            @State private var query = ""
            @State private var selection: Item\(n)?
            @State private var showAlert = false
            @State private var alertMessage = ""

            var body: some View {
                NavigationStack {
                    List {
                        ForEach(model.items) { item in
                            Item\(n)RowView(title: item.title, subtitle: item.subtitle, isFavorite: item.isFavorite) {
                                model.toggleFavorite(item)
                            }
                            .onTapGesture { selection = item }
                        }
                        .onDelete { offsets in
                            model.remove(at: offsets)
                        }
                    }
                    .searchable(text: $query)
                    .navigationTitle("Items \(n)")
                    .toolbar {
                        ToolbarItem(placement: .primaryAction) {
                            Button("Add", systemImage: "plus") {
                                model.addItem(named: query)
                            }
                        }
                    }
                    .sheet(item: $selection) { item in
                        Item\(n)DetailView(title: item.title, note: item.subtitle)
                    }
                    .alert("Error", isPresented: $showAlert) {
                        Button("OK", role: .cancel) {}
                    } message: {
                        Text(alertMessage)
                    }
                }
                .task(id: query) {
                    await reload()
                }
            }

            private func reload() async {
                do {
                    try await model.load(matching: query)
                } catch is CancellationError {
                    return
                } catch {
                    alertMessage = error.localizedDescription
                    showAlert = true
                }
            }
        }

        struct Item\(n)DetailView: View {
            let title: String
            let note: String
            @State private var isExpanded = false

            var body: some View {
                VStack(alignment: .leading, spacing: 12) {
                    Text(title)
                        .font(.title)
                        .foregroundStyle(.primary)
                    if isExpanded {
                        Text(note)
                            .font(.body)
                            .foregroundStyle(.secondary)
                    }
                    Button(isExpanded ? "Less" : "More") {
                        withAnimation { isExpanded.toggle() }
                    }
                }
                .padding()
            }
        }

        """
    }

    static func presentationView(_ n: Int) -> String {
        """
        import SwiftUI

        struct Item\(n)RowView: View {
            let title: String
            let subtitle: String
            let isFavorite: Bool
            let onToggleFavorite: () -> Void

            var body: some View {
                HStack(alignment: .firstTextBaseline) {
                    VStack(alignment: .leading) {
                        Text(title)
                            .font(.headline)
                        Text(subtitle)
                            .font(.subheadline)
                            .foregroundColor(.secondary)
                    }
                    Spacer()
                    favoriteButton
                }
                .padding(.vertical, 4)
                .contentShape(Rectangle())
            }

            private var favoriteButton: some View {
                Button(action: onToggleFavorite) {
                    Image(systemName: isFavorite ? "star.fill" : "star")
                        .imageScale(.large)
                }
                .buttonStyle(.plain)
                .accessibilityLabel(isFavorite ? "Remove favorite" : "Add favorite")
            }
        }

        struct Item\(n)BadgeView: View {
            let count: Int

            var body: some View {
                ZStack {
                    Circle()
                        .fill(Color.accentColor)
                    Text("\\(count)")
                        .font(.caption.bold())
                        .foregroundStyle(.white)
                }
                .frame(width: 24, height: 24)
            }
        }

        #Preview {
            Item\(n)RowView(title: "Title", subtitle: "Subtitle", isFavorite: true) {}
        }

        """
    }

    static func observableModel(_ n: Int) -> String {
        """
        import Foundation
        import Observation

        struct Item\(n): Identifiable, Hashable, Sendable {
            let id: UUID
            var title: String
            var subtitle: String
            var isFavorite: Bool
            var createdAt: Date
        }

        @MainActor
        @Observable
        final class Item\(n)Model {
            private(set) var items: [Item\(n)] = []
            private(set) var isLoading = false
            private let service: any Item\(n)Servicing

            init(service: any Item\(n)Servicing) {
                self.service = service
            }

            func load(matching query: String) async throws {
                isLoading = true
                defer { isLoading = false }
                let loaded = try await service.fetchItems(matching: query)
                items = loaded.sorted { $0.createdAt > $1.createdAt }
            }

            func toggleFavorite(_ item: Item\(n)) {
                guard let index = items.firstIndex(where: { $0.id == item.id }) else { return }
                items[index].isFavorite.toggle()
            }

            func addItem(named name: String) {
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { return }
                items.append(Item\(n)(id: UUID(), title: trimmed, subtitle: "", isFavorite: false, createdAt: Date()))
            }

            func remove(at offsets: IndexSet) {
                for offset in offsets.sorted(by: >) {
                    items.remove(at: offset)
                }
            }

            var favoriteCount: Int {
                items.reduce(0) { $0 + ($1.isFavorite ? 1 : 0) }
            }
        }

        extension Item\(n) {
            var displayTitle: String {
                isFavorite ? "★ \\(title)" : title
            }

            var relativeDate: String {
                let formatter = RelativeDateTimeFormatter()
                return formatter.localizedString(for: createdAt, relativeTo: Date())
            }
        }

        """
    }

    static func legacyViewModel(_ n: Int) -> String {
        """
        import Combine
        import SwiftUI

        final class Item\(n)ViewModel: ObservableObject {
            @Published var items: [Item\(n)] = []
            @Published var isLoading = false
            @Published var errorMessage: String?
            @Published var searchText = ""

            private var cancellables = Set<AnyCancellable>()

            init() {
                $searchText
                    .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
                    .sink { [weak self] text in
                        self?.filter(text)
                    }
                    .store(in: &cancellables)
            }

            func load() async {
                isLoading = true
                do {
                    let (data, _) = try await URLSession.shared.data(from: URL(string: "https://example.com/\(n)")!)
                    items = try JSONDecoder().decode([Item\(n)].self, from: data)
                } catch {
                    errorMessage = error.localizedDescription
                }
                isLoading = false
            }

            private func filter(_ text: String) {
                guard !text.isEmpty else { return }
                items = items.filter { $0.title.localizedCaseInsensitiveContains(text) }
            }
        }

        struct Item\(n)LegacyScreen: View {
            @StateObject private var viewModel = Item\(n)ViewModel()

            var body: some View {
                NavigationView {
                    List(viewModel.items) { item in
                        Text(item.title)
                    }
                    .onAppear {
                        Task { await viewModel.load() }
                    }
                }
            }
        }

        """
    }

    static func service(_ n: Int) -> String {
        """
        import Foundation

        protocol Item\(n)Servicing: Sendable {
            func fetchItems(matching query: String) async throws -> [Item\(n)]
        }

        struct LiveItem\(n)Service: Item\(n)Servicing {
            let session: URLSession
            let baseURL: URL

            init(session: URLSession = .shared, baseURL: URL) {
                self.session = session
                self.baseURL = baseURL
            }

            func fetchItems(matching query: String) async throws -> [Item\(n)] {
                var components = URLComponents(url: baseURL.appendingPathComponent("items"), resolvingAgainstBaseURL: false)
                components?.queryItems = [URLQueryItem(name: "q", value: query)]
                guard let url = components?.url else { throw URLError(.badURL) }
                let (data, response) = try await session.data(from: url)
                guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
                    throw URLError(.badServerResponse)
                }
                return try JSONDecoder().decode([ItemDTO].self, from: data).map(\\.item)
            }

            private struct ItemDTO: Decodable {
                let id: UUID
                let title: String
                let subtitle: String?
                let favorite: Bool?
                let created: Date

                var item: Item\(n) {
                    Item\(n)(id: id, title: title, subtitle: subtitle ?? "", isFavorite: favorite ?? false, createdAt: created)
                }
            }
        }

        struct PreviewItem\(n)Service: Item\(n)Servicing {
            func fetchItems(matching query: String) async throws -> [Item\(n)] {
                (0..<10).map { index in
                    Item\(n)(id: UUID(), title: "Item \\(index)", subtitle: "Preview", isFavorite: index % 3 == 0, createdAt: Date())
                }
            }
        }

        """
    }
}

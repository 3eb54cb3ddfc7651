import Foundation

/// The home screen's view model. Each section loads and fails on its own, so separate flags are the right
/// shape here; the trouble is that profile, posts, friends, notifications and the bio editor all live in
/// one class.
@MainActor
final class DashboardViewModel: ObservableObject {
    @Published private(set) var profile: User?
    @Published private(set) var isLoadingProfile = false
    @Published private(set) var profileError: String?
    @Published private(set) var posts: [Post] = []
    @Published private(set) var isLoadingPosts = false
    @Published private(set) var postsError: String?
    @Published private(set) var friends: [User] = []
    @Published private(set) var isLoadingFriends = false
    @Published private(set) var friendsError: String?
    @Published private(set) var notifications: [String] = []
    @Published private(set) var unreadCount = 0
    @Published private(set) var lastRefresh: Date?
    @Published private(set) var isSavingBio = false
    @Published private(set) var saveError: String?
    @Published var isEditingBio = false
    @Published var draftBio = ""
    @Published var showsOnlyUnread = false

    private let service: UserServiceProtocol
    private let userID: Int

    init(userID: Int, service: UserServiceProtocol = UserAPI.shared) {
        self.userID = userID
        self.service = service
    }

    func refreshAll() async {
        async let profile: Void = loadProfile()
        async let posts: Void = loadPosts()
        async let friends: Void = loadFriends()
        _ = await (profile, posts, friends)
        lastRefresh = Date()
    }

    func loadProfile() async {
        isLoadingProfile = true
        defer { isLoadingProfile = false }
        do {
            profile = try await service.fetchUser(id: userID)
        } catch is CancellationError {
            return
        } catch {
            profileError = error.localizedDescription
        }
    }

    func loadPosts() async {
        isLoadingPosts = true
        defer { isLoadingPosts = false }
        do {
            posts = try await service.fetchPosts(userID: userID)
        } catch is CancellationError {
            return
        } catch {
            postsError = error.localizedDescription
        }
    }

    func loadFriends() async {
        isLoadingFriends = true
        defer { isLoadingFriends = false }
        do {
            friends = try await service.fetchUsers()
        } catch is CancellationError {
            return
        } catch {
            friendsError = error.localizedDescription
        }
    }

    func markAllRead() {
        unreadCount = 0
    }

    func receive(_ notification: String) {
        notifications.insert(notification, at: 0)
        unreadCount += 1
    }

    func startEditingBio() {
        draftBio = ""
        isEditingBio = true
    }

    func saveBio() async {
        isSavingBio = true
        defer { isSavingBio = false }
        try? await Task.sleep(nanoseconds: 300_000_000)
        isEditingBio = false
    }
}

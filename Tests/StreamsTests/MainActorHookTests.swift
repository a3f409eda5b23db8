import Synchronization
import Testing

@testable import StreamsTesting

/// The runtime hook the main-actor stand-in patches, for tests only: saved by the first run,
/// restored by the last, left alone when something else replaced it, and chained — a task
/// that is not a run's is answered by the hook that was there before.
@Suite struct MainActorHookTests {
  /// A slot of the runtime's kind, holding `bits` (freed by the caller).
  static func slot(holding bits: UInt) -> UnsafeMutablePointer<UInt> {
    let slot = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
    slot.initialize(to: bits)
    return slot
  }

  @Test func theFirstRunSavesTheHookAndTheLastPutsItBack() {
    let slot = Self.slot(holding: 7)
    defer { slot.deallocate() }
    var installation = HookInstallation()
    installation.runStarted(slot: slot, own: 42)
    #expect(slot.pointee == 42 && installation.previous == 7)
    installation.runStarted(slot: slot, own: 42)
    installation.runEnded(slot: slot, own: 42)
    #expect(slot.pointee == 42)  // a run still under way
    installation.runEnded(slot: slot, own: 42)
    #expect(slot.pointee == 7 && installation.runs == 0)
    // An end without a start changes nothing.
    installation.runEnded(slot: slot, own: 42)
    #expect(slot.pointee == 7)
  }

  @Test func aHookPutThereMeanwhileIsLeftAlone() {
    let slot = Self.slot(holding: 0)
    defer { slot.deallocate() }
    var installation = HookInstallation()
    installation.runStarted(slot: slot, own: 42)
    slot.pointee = 9  // another library's hook, installed during the run
    installation.runEnded(slot: slot, own: 42)
    #expect(slot.pointee == 9)
  }

  /// Whether two executor references are the same (they compare by their bits).
  static func same(_ a: UnownedSerialExecutor, _ b: UnownedSerialExecutor) -> Bool {
    withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
  }

  /// How often ``chained`` was asked.
  static let chainedCalls = Atomic(0)
  /// A hook of another library: counts, then answers as the runtime does.
  static let chained: MainActorStandIn.Hook = { original in
    MainActorHookTests.chainedCalls.add(1, ordering: .relaxed)
    return original()
  }

  @Test func aTaskThatIsNotARunsIsAnsweredByTheHookBefore() async {
    let original: MainActorStandIn.Original = { MainActor.sharedUnownedExecutor }
    let before = Self.chainedCalls.load(ordering: .relaxed)
    let answer = MainActorStandIn.answer(
      original, previous: unsafeBitCast(Self.chained, to: UInt.self))
    #expect(Self.chainedCalls.load(ordering: .relaxed) == before + 1)
    #expect(Self.same(answer, MainActor.sharedUnownedExecutor))
    // With none before, the runtime answers.
    #expect(
      Self.same(MainActorStandIn.answer(original, previous: 0), MainActor.sharedUnownedExecutor))
  }

  @Test func theHookIsInPlaceWhileARunIsUnderWay() async throws {
    try #require(MainActorStandIn.isAvailable, "this runtime has the hook")
    let installed = try await withVirtualTime { _ in MainActorStandIn.isInstalled }
    #expect(installed)
  }
}

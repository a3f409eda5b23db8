import Testing

@testable import Streams

/// The rules of the merging flatMaps and of the operators steered by a trigger, as values: no
/// task, no clock. (The operators themselves are tested on virtual time.)
@Suite struct HigherOrderRulesTests {
  typealias FlatMapState = FlatMapMergeState<Int, Boom>

  @Test func aLimitOfTwoStartsTwoInnersThenMakesTheBaseWait() {
    var state = FlatMapState(admission: .waitForASlot(2))
    #expect(state.baseElement() == .start(id: 1))
    #expect(!state.mustWaitForASlot)
    #expect(state.baseElement() == .start(id: 2))
    #expect(state.mustWaitForASlot)
    _ = state.innerEnded(id: 1, .finished)
    #expect(!state.mustWaitForASlot)
    #expect(state.baseElement() == .start(id: 3))
  }

  @Test func dropWhileRunningDropsUntilTheInnerEnds() {
    var state = FlatMapState(admission: .dropWhileRunning)
    #expect(state.baseElement() == .start(id: 1))
    #expect(state.baseElement() == .drop)
    #expect(!state.mustWaitForASlot)  // the base is never held: it is read and dropped
    _ = state.innerEnded(id: 1, .finished)
    #expect(state.baseElement() == .start(id: 2))
  }

  @Test func theOutputEndsWithTheBaseOnceNoInnerRuns() {
    var state = FlatMapState(admission: .waitForASlot(3))
    _ = state.baseElement()
    _ = state.baseEnded(.finished)
    #expect(!state.outbox.isClosed)  // an inner still runs
    _ = state.innerEnded(id: 1, .finished)
    #expect(state.outbox.isClosed)
    var failing = FlatMapState(admission: .waitForASlot(3))
    _ = failing.baseElement()
    _ = failing.innerEnded(id: 1, .failed(Boom()))
    #expect(failing.outbox.isClosed)
    #expect(failing.baseElement() == .none)
  }

  @Test func sampleEmitsEachElementOnceAtMost() {
    var rules = TriggeredRules<Int, Boom>.sample(SampleRules())
    #expect(isNone(rules.triggerFired()))
    _ = rules.baseElement(1)
    _ = rules.baseElement(2)
    #expect(emitted(rules.triggerFired()) == 2)
    #expect(isNone(rules.triggerFired()))
  }

  @Test func dropStopsReadingTheTriggerOnceItFired() {
    var rules = TriggeredRules<Int, Boom>.drop(DropUntilOutputRules())
    #expect(isNone(rules.baseElement(1)))
    if case .stopTrigger = rules.triggerFired() {} else { Issue.record("the trigger goes on") }
    #expect(emitted(rules.baseElement(2)) == 2)
    #expect(isNone(rules.triggerEnded(.failed(Boom()))))
  }

  @Test func prefixIgnoresTheTriggersEnd() {
    var rules = TriggeredRules<Int, Boom>.prefix(PrefixUntilOutputRules())
    #expect(isNone(rules.triggerEnded(.finished)))
    if case .end(.finished) = rules.triggerFired() {} else { Issue.record("no end") }
  }

  func isNone(_ action: TriggerAction<Int, Boom>) -> Bool {
    if case .none = action { true } else { false }
  }

  func emitted(_ action: TriggerAction<Int, Boom>) -> Int? {
    if case .emit(let element) = action { element } else { nil }
  }
}

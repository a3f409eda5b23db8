import Streams

extension MarbleDiagram {
  /// Consumes `sequence` and draws what it emitted, one frame per `frame` of virtual time
  /// counted from this call. Each element is drawn as its description.
  public static func record<S: AsyncSequence>(
    _ sequence: S,
    on clock: VirtualClock,
    frame: Duration
  ) async -> MarbleDiagram {
    let start = clock.now
    var events: [(Position, Event)] = []
    var iterator = sequence.makeAsyncIterator()
    do throws(S.Failure) {
      while let element = try await iterator.next(isolation: nil) {
        events.append((position(of: clock.now, from: start, frame: frame), .element("\(element)")))
      }
      events.append((position(of: clock.now, from: start, frame: frame), .finish))
    } catch {
      events.append((position(of: clock.now, from: start, frame: frame), .failure))
    }
    return MarbleDiagram(events: events, frame: frame)
  }

  /// Consumes `sequence` as `subscription` says — making its iterator at `^` (or at once),
  /// and cancelling the consuming task at `!` (or never) — and draws what happened, `^` and
  /// `!` included: a test of cancellation reads like RxJS's.
  ///
  /// ```swift
  /// let output = await MarbleDiagram.record(
  ///   shared, on: clock, frame: frame, subscription: "--^---!")
  /// #expect(output == "--^c-d!")  // subscribed late, cancelled at frame 6: nothing after
  /// ```
  ///
  /// Frames count from this call. `!` is drawn only if the sequence had not ended by then;
  /// anything the sequence emitted after its cancellation is drawn after it (so a test
  /// catches it).
  public static func record<S: AsyncSequence & Sendable>(
    _ sequence: S,
    on clock: VirtualClock,
    frame: Duration,
    subscription: MarbleDiagram
  ) async -> MarbleDiagram {
    let start = clock.now
    let subscribe = subscription.events.first { $0.event == .subscription }?.position
    let cancel = subscription.events.first { $0.event == .cancellation }?.position
    let log = RecordingLog()
    let note: @Sendable (Event) -> Void = { event in
      let position = position(of: clock.now, from: start, frame: frame)
      log.state.withLock { $0.events.append((position, event)) }
    }
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        if let subscribe {
          try? await clock.sleep(until: start.advanced(by: subscribe.offset(frame: frame)))
          note(.subscription)
        }
        var iterator = sequence.makeAsyncIterator()
        do throws(S.Failure) {
          while let element = try await iterator.next(isolation: nil) {
            note(.element("\(element)"))
          }
          if !Task.isCancelled { note(.finish) }
        } catch {
          note(.failure)
        }
        log.state.withLock { $0.ended = true }
      }
      if let cancel {
        try? await clock.sleep(until: start.advanced(by: cancel.offset(frame: frame)))
        if !log.state.withLock({ $0.ended }) {
          note(.cancellation)
          group.cancelAll()
        }
      }
    }
    return MarbleDiagram(events: log.state.withLock { $0.events }, frame: frame)
  }

  /// The frame in which `now` falls, counted from `start`.
  static func position(
    of now: VirtualClock.Instant, from start: VirtualClock.Instant, frame: Duration
  ) -> Position {
    Position(frames: Int(start.duration(to: now) / frame))
  }
}

/// What a subscription-driven recording saw, shared by the consumer and the canceller.
final class RecordingLog: Sendable {
  let state = Lock<(events: [(MarbleDiagram.Position, MarbleDiagram.Event)], ended: Bool)>(
    ([], false))
}

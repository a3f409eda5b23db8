import Streams
import StreamsTesting
import Testing

/// MultiProducerSingleConsumerAsyncChannel — watermarks, callbacks and async sends,
/// the end with or without a failure, several sources, termination — exact on virtual time.
@Suite struct MultiProducerChannelTests {
  struct Boom: Error, Equatable {}

  /// Whether a synchronous send said to go on.
  static func sendNow(
    _ source: inout MultiProducerSingleConsumerAsyncChannel<Int, Never>.Source, _ value: Int,
    log: Log<String>
  ) throws -> Bool {
    let result = try source.send(value)
    switch consume result {
    case .produceMore: return true
    case .enqueueCallback(var handle):
      handle.enqueueCallback { result in log.append("produce more: \(result)") }
      return false
    }
  }

  @Test func theWatermarksStopAndRestartTheProducers() async throws {
    let log = Log<String>()
    var channelAndSource = MultiProducerSingleConsumerAsyncChannel.makeChannel(
      of: Int.self, backpressureStrategy: .watermark(low: 2, high: 4))
    var channel = channelAndSource.takeChannel()
    var source = consume channelAndSource.source
    // Under the high watermark, then at it: the fourth send must wait.
    #expect(try Self.sendNow(&source, 1, log: log))
    #expect(try Self.sendNow(&source, 2, log: log))
    #expect(try Self.sendNow(&source, 3, log: log))
    #expect(try !Self.sendNow(&source, 4, log: log))
    #expect(await channel.next() == 1)
    #expect(log.all.isEmpty)  // 3 buffered: over the low watermark
    #expect(await channel.next() == 2)
    #expect(log.all.isEmpty)  // 2 buffered: at the low watermark, not below it
    #expect(await channel.next() == 3)
    #expect(log.all == ["produce more: success()"])  // 1 buffered, below 2: go on
    source.finish()
    #expect(await channel.next() == 4)
    #expect(await channel.next() == nil)
  }

  @Test func anAsyncSendWaitsForTheConsumer() async throws {
    let events = try await withVirtualTime { clock in
      let log = Log<String>()
      var channelAndSource = MultiProducerSingleConsumerAsyncChannel.makeChannel(
        of: Int.self, backpressureStrategy: .watermark(low: 0, high: 2))
      var channel = channelAndSource.takeChannel()
      let producer = SourceBox(consume channelAndSource.source)
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          for value in 1...4 {
            try? await producer.source!.send(value)
            log.append("sent \(value)@\(clock.now)")
          }
          producer.source.take()?.finish()
        }
        while let value = await channel.next() {
          log.append("got \(value)@\(clock.now)")
          try? await clock.sleep(for: .seconds(1))
        }
      }
      return log.all
    }
    // 1 goes to the waiting consumer, 2 into the buffer; 3 reaches the high watermark (2)
    // and its send waits until the consumer has emptied the buffer (the low watermark, 0)
    // at 2000 ms; then 4 goes in at once.
    #expect(
      events == [
        "sent 1@0 ms", "sent 2@0 ms", "got 1@0 ms", "got 2@1000 ms", "got 3@2000 ms",
        "sent 3@2000 ms", "sent 4@2000 ms", "got 4@3000 ms",
      ])
  }

  @Test func aFailureComesAfterTheBufferedElementsAndSendsAfterTheEndThrow() async throws {
    var channelAndSource = MultiProducerSingleConsumerAsyncChannel.makeChannel(
      of: Int.self, throwing: Boom.self, backpressureStrategy: .watermark(low: 1, high: 10))
    var channel = channelAndSource.takeChannel()
    var source = consume channelAndSource.source
    var other = source.makeAdditionalSource()
    try await other.send(contentsOf: [1, 2])
    other.finish(throwing: Boom())
    #expect(throws: MultiProducerSingleConsumerAsyncChannelAlreadyFinishedError.self) {
      _ = try source.send(3)
    }
    #expect(try await channel.next() == 1)
    #expect(try await channel.next() == 2)
    await #expect(throws: Boom.self) { _ = try await channel.next() }
    #expect(try await channel.next() == nil)
  }

  @Test func theLastSourceGoneFinishesAndAConsumerGoneTerminates() async throws {
    let log = Log<String>()
    do {
      var channelAndSource = MultiProducerSingleConsumerAsyncChannel.makeChannel(
        of: Int.self, backpressureStrategy: .watermark(low: 1, high: 10))
      var channel = channelAndSource.takeChannel()
      do {
        var source = consume channelAndSource.source
        source.setOnTerminationCallback { log.append("terminated") }
        try await source.send(7)
      }  // the only source goes away: the channel finishes
      #expect(await channel.next() == 7)
      #expect(await channel.next() == nil)
    }
    #expect(log.all == ["terminated"])
    var channelAndSource = MultiProducerSingleConsumerAsyncChannel.makeChannel(
      of: Int.self, backpressureStrategy: .watermark(low: 1, high: 10))
    let consumer = channelAndSource.takeChannel()
    var source = consume channelAndSource.source
    source.setOnTerminationCallback { log.append("consumer gone") }
    _ = consume consumer  // the consumer goes away
    #expect(log.all == ["terminated", "consumer gone"])
    #expect(throws: MultiProducerSingleConsumerAsyncChannelAlreadyFinishedError.self) {
      _ = try source.send(1)
    }
  }
}

/// A source moved into a task (a non-copyable value cannot be captured by an escaping
/// closure): the task alone uses it.
final class SourceBox: @unchecked Sendable {
  var source: MultiProducerSingleConsumerAsyncChannel<Int, Never>.Source?
  init(_ source: consuming MultiProducerSingleConsumerAsyncChannel<Int, Never>.Source) {
    self.source = .some(source)
  }
}

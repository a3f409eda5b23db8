@_exported import Streams

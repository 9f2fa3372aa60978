import Foundation

/// Real-time scheduling for the thread that plays the audio device's part, as an audio server
/// would give its callback thread.
enum RealtimePriority {
  /// The SCHED_FIFO priority asked for: low among real-time ones, above every normal thread.
  static let fifoPriority: Int32 = 10

  /// Moves the calling thread to SCHED_FIFO; returns whether the system allowed it (it needs
  /// root or CAP_SYS_NICE; otherwise the thread stays a normal one and the report says so).
  static func enterForCallingThread() -> Bool {
    #if os(Linux)
      var parameters = sched_param()
      parameters.sched_priority = fifoPriority
      return pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters) == 0
    #else
      return false
    #endif
  }
}

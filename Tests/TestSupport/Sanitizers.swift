import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Whether this process runs under ThreadSanitizer (`swift test --sanitize=thread`), which
/// makes every instruction several times slower and every allocation bigger.
let underThreadSanitizer = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

/// Whether this process runs under AddressSanitizer, whose shadow memory makes resident
/// memory meaningless as a measure.
let underAddressSanitizer = dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil

/// How many times a test repeats a scenario that `times` repeats: a fifth of them under
/// ThreadSanitizer, which looks for races in each run (not the repeating) and makes each
/// several times slower.
func repetitions(_ times: Int) -> Int { underThreadSanitizer ? max(1, times / 5) : times }

extension Duration {
  /// A limit that guards against a hang or a regression to quadratic cost, made five times
  /// longer under ThreadSanitizer: there the limit guards against hangs only.
  var orLongerUnderSanitizer: Duration { underThreadSanitizer ? self * 5 : self }
}

import Testing

@testable import SFZPlayKit

/// `--shard K/N` and the schedulers' array variables: the parts cover a manifest exactly once,
/// balanced by song length.
@Suite struct BatchShardTests {
  /// 40 lengths from 5 s to 600 s, a few equal, in no order.
  static let lengths: [Double] =
    (0..<40).map { Double(5 + ($0 * 7919) % 596) }
    + [120, 120, 120]

  @Test(arguments: [3, 4, 7])
  func theShardsCoverTheManifestExactlyOnce(count: Int) {
    let parts = (0..<count).map {
      BatchShard(index: $0, count: count).positions(lengths: Self.lengths)
    }
    let all = parts.flatMap { $0 }
    #expect(all.sorted() == Array(Self.lengths.indices), "each render in exactly one part")
    // balanced by length: greedy longest-first keeps every part within one song of the others
    let totals = parts.map { $0.reduce(0) { $0 + Self.lengths[$1] } }
    #expect(totals.max()! - totals.min()! <= Self.lengths.max()!, "\(totals)")
    // the same call gives the same parts
    #expect(BatchShard(index: 1, count: count).positions(lengths: Self.lengths) == parts[1])
  }

  @Test func lengthsNotCountsBalanceTheParts() {
    // one long song and six short ones: the long one is a part of its own
    let parts = (0..<2).map {
      BatchShard(index: $0, count: 2).positions(lengths: [600, 10, 10, 10, 10, 10, 10])
    }
    #expect(parts == [[0], [1, 2, 3, 4, 5, 6]])
  }

  @Test func theShardArgumentCountsFromOne() {
    #expect(BatchShard(argument: "1/4") == BatchShard(index: 0, count: 4))
    #expect(BatchShard(argument: "4/4") == BatchShard(index: 3, count: 4))
    #expect(BatchShard(argument: "0/4") == nil)
    #expect(BatchShard(argument: "5/4") == nil)
    #expect(BatchShard(argument: "2") == nil)
  }

  @Test func slurmArraysAndKubernetesIndexedJobsChooseThePart() throws {
    let slurm = [
      "SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "4",
      "SLURM_ARRAY_TASK_COUNT": "4",
    ]
    #expect(try BatchShard.fromEnvironment(slurm) == BatchShard(index: 2, count: 4))
    var stepped = slurm
    stepped["SLURM_ARRAY_TASK_MAX"] = "7"
    #expect(throws: SFZPlayError.self) { try BatchShard.fromEnvironment(stepped) }
    let kubernetes = ["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "7"]
    #expect(try BatchShard.fromEnvironment(kubernetes) == BatchShard(index: 0, count: 7))
    #expect(throws: SFZPlayError.self) {
      try BatchShard.fromEnvironment(["JOB_COMPLETION_INDEX": "0"])
    }
    #expect(try BatchShard.fromEnvironment([:]) == nil)
  }
}

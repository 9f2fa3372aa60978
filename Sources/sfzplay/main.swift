import ArgumentParser
import SFZPlayKit

// The render's positional arguments would take "batch" for an instrument, so the subcommand is
// chosen here; an instrument file called batch is still ./batch.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "batch" {
  SFZPlayBatch.main(Array(arguments.dropFirst()))
} else {
  SFZPlay.main()
}

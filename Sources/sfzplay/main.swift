import ArgumentParser
import SFZPlayKit

SFZPlay.main()

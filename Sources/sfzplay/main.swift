print("usage: sfzplay INSTRUMENT.sfz SONG.mid [-o OUT.wav]")

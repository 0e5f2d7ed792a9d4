"""Sounds (issue 42), synthesized with the Web Audio API: no sound files to license or
download. Short and quiet; none while the page is hidden. Which sound a reply makes is the
session's to say (``Reply.sound``, only when the setting is on); this only plays it."""

from js import AudioContext, document

#: Each sound: (start seconds, frequency Hz, length seconds, wave) notes, and its volume.
SOUNDS = {
    "turn": (((0.0, 1400.0, 0.03, "triangle"),), 0.05),  # a card turned: a light tick
    "land": (((0.0, 190.0, 0.07, "sine"),), 0.12),  # a card laid down: a soft knock
    "refused": (((0.0, 240.0, 0.08, "square"), (0.09, 180.0, 0.1, "square")), 0.03),
    "win": (tuple((i * 0.11, f, 0.16, "triangle")
                  for i, f in enumerate((523.25, 659.25, 783.99, 1046.5))), 0.07),
}

_context = []  # the AudioContext, made at the first sound (after a gesture, as browsers ask)


def play(kind: str) -> None:
    """Play the sound ``kind`` (one of :data:`SOUNDS`), unless the page is hidden."""
    if document.hidden or kind not in SOUNDS:
        return
    try:
        if not _context:
            _context.append(AudioContext.new())
        audio = _context[0]
        if audio.state == "suspended":
            audio.resume()
        notes, volume = SOUNDS[kind]
        now = audio.currentTime
        for start, frequency, length, wave in notes:
            tone, gain = audio.createOscillator(), audio.createGain()
            tone.type = wave
            tone.frequency.value = frequency
            begin, end = now + start, now + start + length
            gain.gain.setValueAtTime(volume, begin)
            gain.gain.exponentialRampToValueAtTime(0.0001, end)  # fades, no click
            tone.connect(gain)
            gain.connect(audio.destination)
            tone.start(begin)
            tone.stop(end)
    except Exception:  # no audio in this browser: the game plays on in silence
        return

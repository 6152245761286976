// A short two-tone chime through WebAudio for new tickets; muting is remembered on this device.

const MUTE_KEY = 'pos.muted';
/** @type {AudioContext | null} */
let context = null;

export const isMuted = () => localStorage.getItem(MUTE_KEY) === '1';
/** @param {boolean} muted */
export const setMuted = (muted) => localStorage.setItem(MUTE_KEY, muted ? '1' : '0');

/** Browsers only let sound start after a touch or a key: open the audio context on the first one. */
export function unlockAudioOnGesture() {
  const unlock = () => {
    context ??= new AudioContext();
    void context.resume();
  };
  for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, unlock, { passive: true });
}

export function beep() {
  if (isMuted() || !context || context.state !== 'running') return;
  const start = context.currentTime;
  tone(context, 880, start, 0.12);
  tone(context, 1320, start + 0.14, 0.16);
}

/** @param {AudioContext} audio @param {number} hz @param {number} at @param {number} seconds */
function tone(audio, hz, at, seconds) {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.value = hz;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(at);
  oscillator.stop(at + seconds + 0.02);
}

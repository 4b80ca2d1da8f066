import { useCallback, useEffect, useRef, useState } from 'react';

const STORAGE_KEY = '@staffOrderSound';

/** A short two-note chime made on the spot with the Web Audio API: no audio file to fetch, nothing to cache. */
export function playChime(audio: AudioContext): void {
  const start = audio.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.16, 1320],
  ] as const) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.3);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.32);
  }
}

/**
 * The staff screen's "sound for new orders" switch, remembered on this device. Browsers only let a page play sound
 * after someone touched it, so the audio is set up by the click that turns the sound on (and again after a reload,
 * by the first click anywhere).
 */
export function useNewOrderSound() {
  const [on, setOn] = useState(() => typeof localStorage !== 'undefined' && localStorage.getItem(STORAGE_KEY) === 'on');
  const audio = useRef<AudioContext | null>(null);

  const unlock = useCallback(() => {
    if (typeof AudioContext === 'undefined') return null;
    audio.current ??= new AudioContext();
    if (audio.current.state === 'suspended') void audio.current.resume();
    return audio.current;
  }, []);

  useEffect(() => {
    if (!on) return;
    const onFirstTouch = () => void unlock();
    window.addEventListener('pointerdown', onFirstTouch, { once: true });
    return () => window.removeEventListener('pointerdown', onFirstTouch);
  }, [on, unlock]);

  useEffect(
    () => () => {
      void audio.current?.close();
      audio.current = null;
    },
    [],
  );

  const toggle = useCallback(() => {
    setOn((was) => {
      const next = !was;
      localStorage.setItem(STORAGE_KEY, next ? 'on' : 'off');
      if (next) {
        const ready = unlock();
        // Played at once so staff hear what a new order will sound like.
        if (ready) playChime(ready);
      }
      return next;
    });
  }, [unlock]);

  const play = useCallback(() => {
    if (on && audio.current) playChime(audio.current);
  }, [on]);

  return { on, toggle, play };
}

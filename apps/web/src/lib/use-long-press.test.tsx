import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS, useLongPress } from './use-long-press';

function Card({ onLongPress }: { onLongPress: () => void }) {
  const press = useLongPress(onLongPress);
  return (
    <div data-testid="card" {...press}>
      Hazelnut Latte
      <button type="button">Order again</button>
    </div>
  );
}

const setup = () => {
  const onLongPress = vi.fn();
  render(<Card onLongPress={onLongPress} />);
  return { onLongPress, card: screen.getByTestId('card') };
};

describe('useLongPress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once the pointer has been held for 600 ms, touch or mouse', () => {
    const { onLongPress, card } = setup();
    fireEvent.pointerDown(card, { pointerType: 'touch', clientX: 10, clientY: 10 });
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(onLongPress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLongPress).toHaveBeenCalledTimes(1);
    fireEvent.pointerUp(card);

    fireEvent.pointerDown(card, { pointerType: 'mouse', button: 0 });
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).toHaveBeenCalledTimes(2);
  });

  it('does not fire when released, moved away or cancelled early', () => {
    const { onLongPress, card } = setup();
    fireEvent.pointerDown(card, { pointerType: 'mouse', button: 0 });
    vi.advanceTimersByTime(300);
    fireEvent.pointerUp(card);

    fireEvent.pointerDown(card, { pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerMove(card, { clientX: 10, clientY: 60 });

    fireEvent.pointerDown(card, { pointerType: 'touch' });
    fireEvent.pointerCancel(card);

    fireEvent.pointerDown(card, { pointerType: 'mouse', button: 0 });
    fireEvent.pointerLeave(card);

    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it('leaves the right mouse button and presses on the card’s buttons alone', () => {
    const { onLongPress, card } = setup();
    fireEvent.pointerDown(card, { pointerType: 'mouse', button: 2 });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Order again' }), { pointerType: 'mouse', button: 0 });
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(onLongPress).not.toHaveBeenCalled();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '@coffee/contract';
import { PictureChooser, pictureProblem } from './picture-chooser';

const png = (bytes = 4) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

describe('pictureProblem', () => {
  it('accepts the picture types the API takes, up to its size limit', () => {
    expect(pictureProblem(png(), 'photo')).toBeNull();
    expect(pictureProblem(png(MAX_IMAGE_BYTES), 'photo')).toBeNull();
  });

  it('names any other type, and the size of a picture that is too big', () => {
    expect(pictureProblem(new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }), 'photo')).toBe('Choose a JPEG, PNG, WebP or GIF picture.');
    expect(pictureProblem(png(MAX_IMAGE_BYTES + 1024 * 1024), 'photo')).toBe('This picture is 6.0 MB; a photo may be at most 5 MB.');
  });
});

describe('PictureChooser', () => {
  const createObjectURL = URL.createObjectURL;
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
  });

  it('hands over a chosen picture with a preview address, or says why it cannot be sent', async () => {
    const user = userEvent.setup({ applyAccept: false });
    URL.createObjectURL = () => 'blob:preview';
    const onChoose = vi.fn();
    const onReject = vi.fn();
    const { container } = render(
      <PictureChooser noun="picture" onChoose={onChoose} onReject={onReject}>
        Choose Picture
      </PictureChooser>,
    );
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(screen.getByRole('button', { name: 'Choose Picture' })).toBeTruthy();

    const file = png();
    await user.upload(input, file);
    expect(onChoose).toHaveBeenCalledWith(file, 'blob:preview');

    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(onReject).toHaveBeenCalledWith('Choose a JPEG, PNG, WebP or GIF picture.');
    expect(onChoose).toHaveBeenCalledTimes(1);
  });
});

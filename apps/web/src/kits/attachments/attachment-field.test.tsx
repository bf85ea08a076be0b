import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { AttachmentField } from './attachment-field.tsx';

const PATH = '/v1/ppn/attachments';

/**
 * The answer of a stored attachment, for a multipart body with one `file` part (jsdom's files
 * reach the fake server without their bytes, so the answer does not describe them).
 */
async function stored(request: Request, id: string) {
  const body = await request.text();
  if (!/name="file"; filename=/.test(body)) return jsonResponse(400, { success: false, messageId: 'V001' });
  return jsonResponse(200, {
    success: true,
    messageId: 'S200',
    attachment: {
      id,
      fileName: 'file.pdf',
      contentType: 'application/pdf',
      sizeBytes: 2048,
      createdAt: '2026-03-01T06:00:00Z',
    },
  });
}

const ids = ['6f1c1a52-1d6e-4d5f-9a55-2a7e4b5f0a01', '6f1c1a52-1d6e-4d5f-9a55-2a7e4b5f0a02'];
const pdf = (name = 'letter.pdf', bytes = 2048) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
const png = (name = 'photo.png') => new File([new Uint8Array(3 * 1024 * 1024)], name, { type: 'image/png' });

async function renderField(lng: 'en' | 'ar' = 'en') {
  const onChange = vi.fn<(attachmentIds: string[]) => void>();
  const onUploadingChange = vi.fn<(uploading: boolean) => void>();
  const view = await renderWithProviders(
    <AttachmentField
      label="Supporting documents"
      onChange={onChange}
      onUploadingChange={onUploadingChange}
    />,
    { lng },
  );
  const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  const choose = (...files: File[]) => fireEvent.change(input, { target: { files } });
  const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
  return { ...view, input, choose, row, onChange, onUploadingChange };
}

describe('the attachment field', () => {
  it('is a real file input with a visible label, taking the portal’s types, several at a time', async () => {
    const { input } = await renderField();
    expect(screen.getByLabelText('Supporting documents')).toBe(input);
    expect(input.multiple).toBe(true);
    expect(input.accept).toContain('application/pdf');
    expect(input.accept).toContain('.webp');
    const rules = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(rules?.textContent).toBe('PDF, JPEG, PNG or WebP, up to 10 MB each; at most 5 files.');
  });

  it('uploads each file at once through the app’s client, shows its state and gives the caller the ids', async () => {
    let count = 0;
    const api = fakeApi({ [PATH]: (request) => stored(request, ids[count++] ?? '') });
    const { choose, row, onChange, onUploadingChange } = await renderField();
    choose(pdf(), png());
    expect(within(row('letter.pdf')).getByText('Uploading…')).toBeTruthy();
    expect(row('letter.pdf').textContent).toContain('2 kB');
    expect(row('photo.png').textContent).toContain('3 MB');
    expect(onUploadingChange).toHaveBeenLastCalledWith(true);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(ids));
    expect(within(row('letter.pdf')).getByText('Uploaded')).toBeTruthy();
    expect(within(row('photo.png')).getByText('Uploaded')).toBeTruthy();
    expect(onUploadingChange).toHaveBeenLastCalledWith(false);
    const sent = api.to(`${PATH}`);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.method).toBe('POST');
    // The app's client: its client-id and language headers.
    expect(sent[0]?.headers.has('client-id')).toBe(true);
    expect(sent[0]?.headers.get('accept-language')).toBe('en');
    expect(sent[0]?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(screen.getByRole('status').textContent).toMatch(/uploaded\.$/);
  });

  it('refuses in the browser what the server would: wrong type, too big, empty, a sixth file', async () => {
    let count = 0;
    const api = fakeApi({
      [PATH]: (request) => stored(request, `6f1c1a52-1d6e-4d5f-9a55-2a7e4b5f0b0${count++}`),
    });
    const { choose, row, onChange } = await renderField();
    const word = new File(['x'], 'notes.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' });
    const empty = new File([], 'blank.pdf', { type: 'application/pdf' });
    choose(word, huge, empty);
    expect(row('notes.docx').textContent).toContain(
      'Not uploaded: Only PDF, JPEG, PNG or WebP files can be attached.',
    );
    expect(row('scan.pdf').textContent).toContain('Not uploaded: This file is larger than 10 MB.');
    expect(row('blank.pdf').textContent).toContain('Not uploaded: This file is empty.');
    expect(screen.getByRole('status').textContent).toBe('blank.pdf not uploaded: This file is empty.');
    // A file without a type is known by its name.
    choose(pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf'), pdf('d.pdf'), new File(['x'], 'e.webp'), pdf('f.pdf'));
    expect(row('f.pdf').textContent).toContain('Not uploaded: At most 5 files can be attached.');
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toHaveLength(5));
    expect(api.to(PATH)).toHaveLength(5);
    // Refused files send nothing and offer no retry, only removal.
    expect(within(row('notes.docx')).queryByRole('button', { name: /again/ })).toBeNull();
    expect(within(row('notes.docx')).getByRole('button', { name: 'Remove notes.docx' })).toBeTruthy();
  });

  it('says why the server refused a file (its message id) and tries it again', async () => {
    let calls = 0;
    fakeApi({
      [PATH]: (request) =>
        calls++ === 0
          ? jsonResponse(415, { success: false, messageId: 'V004', message: 'no' })
          : stored(request, ids[0] ?? ''),
    });
    const { choose, row, onChange } = await renderField();
    choose(pdf());
    await waitFor(() => expect(row('letter.pdf').dataset.state).toBe('failed'));
    expect(row('letter.pdf').textContent).toContain('Not uploaded: This type of content is not supported.');
    expect(screen.getByRole('status').textContent).toBe(
      'letter.pdf not uploaded: This type of content is not supported.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Upload letter.pdf again' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([ids[0]]));
    expect(row('letter.pdf').dataset.state).toBe('done');
  });

  it('removes a file: its id leaves the list and focus goes back to the input', async () => {
    let count = 0;
    fakeApi({ [PATH]: (request) => stored(request, ids[count++] ?? '') });
    const { choose, input, onChange } = await renderField();
    choose(pdf(), png());
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(ids));
    fireEvent.click(screen.getByRole('button', { name: 'Remove letter.pdf' }));
    expect(onChange).toHaveBeenLastCalledWith([ids[1]]);
    expect(screen.queryByText('letter.pdf')).toBeNull();
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('status').textContent).toBe('letter.pdf removed.');
  });

  it('takes dropped files like chosen ones', async () => {
    fakeApi({ [PATH]: (request) => stored(request, ids[0] ?? '') });
    const { container, onChange } = await renderField();
    const zone = container.querySelector('.border-dashed') as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('dropped.pdf')] } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([ids[0]]));
  });

  it('speaks Arabic, the server’s message included', async () => {
    fakeApi({ [PATH]: () => jsonResponse(413, { success: false, messageId: 'U001', message: 'quota' }) });
    const { choose, row, input } = await renderField('ar');
    const rules = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(rules?.textContent).toContain(
      new Intl.NumberFormat('ar-AE', { style: 'unit', unit: 'megabyte' }).format(10),
    );
    expect(rules?.textContent).toContain('الحد الأقصى لعدد الملفات');
    choose(pdf());
    await waitFor(() => expect(row('letter.pdf').dataset.state).toBe('failed'));
    expect(row('letter.pdf').textContent).toContain('لم يُرفع');
    expect(screen.getByRole('button', { name: 'إزالة letter.pdf' })).toBeTruthy();
  });
});

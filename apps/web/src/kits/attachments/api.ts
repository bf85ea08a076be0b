import type { TAttachment } from '@portal/contracts/kits/attachments';
import { PARENT_API_PATH } from '@portal/contracts/endpoint';
import { api } from '../../lib/api.ts';
import { checkAnswer } from '../../lib/check-answer.ts';

/** `POST /api/v1/ppn/attachments`: one file (multipart), answered with the stored attachment. */
export const ATTACHMENTS_PATH = `${PARENT_API_PATH}/attachments`;

export const attachmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Uploads one file the parent attaches; a later request names it by its id. */
    uploadAttachment: build.mutation<TAttachment, File>({
      async queryFn(file, _api, _extra, baseQuery) {
        // One file field and nothing else: the browser sets the multipart boundary.
        const body = new FormData();
        body.append('file', file);
        const answer = await baseQuery({ url: ATTACHMENTS_PATH, method: 'POST', body });
        if (answer.error) return { error: answer.error };
        const checked = await checkAnswer(
          answer.data,
          import('@portal/contracts/kits/attachments').then((attachments) => attachments.ZAttachmentAnswer),
        );
        if ('error' in checked) return { error: checked.error };
        return { data: checked.data.attachment };
      },
    }),
  }),
});

export const { useUploadAttachmentMutation } = attachmentsApi;

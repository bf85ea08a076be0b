import type { TChild } from '@portal/contracts/auth';
import { apiPaths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { checkAnswer } from '../../lib/check-answer.ts';

export const childrenApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Uploads a child's new photo; the answer is the child's updated record. */
    uploadChildPhoto: build.mutation<TChild, { enrollNumber: string; photo: File }>({
      async queryFn({ enrollNumber, photo }, _api, _extra, baseQuery) {
        // One file field and nothing else: the browser sets the multipart boundary.
        const body = new FormData();
        body.append('photo', photo);
        const answer = await baseQuery({ url: apiPaths.childPhoto(enrollNumber), method: 'POST', body });
        if (answer.error) return { error: answer.error };
        return checkAnswer(
          answer.data,
          import('@portal/contracts/auth').then((auth) => auth.ZChild),
        );
      },
    }),
  }),
});

export const { useUploadChildPhotoMutation } = childrenApi;

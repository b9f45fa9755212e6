import { useMutation } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { logoUploadResponseSchema, paths, type LogoUploadResponse } from '@sso/shared/contract';

/** POST applications/logo with the file's bytes in base64; the api reads the type from the bytes. */
export function uploadLogo({
  fileName,
  base64,
}: {
  fileName: string;
  base64: string;
}): Promise<LogoUploadResponse> {
  return api.post(paths.applications.logo, { file_name: fileName, data: base64 }, logoUploadResponseSchema);
}

export function useUploadLogo() {
  return useMutation({ mutationFn: uploadLogo });
}

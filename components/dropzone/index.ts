/**
 * The one upload widget. In a form:
 *
 *   const [files, setFiles] = useState<UploadedFile[]>([]);
 *   const [uploading, setUploading] = useState(false);
 *   <Dropzone kind="post" label="Upload Document" initialFiles={existing} onChange={setFiles} onBusyChange={setUploading} />
 *   <Button type="submit" disabled={uploading} loading={saving}>Save</Button>
 *
 * and send `files.map((f) => f.path)` with the save; the server claims them with
 * `claimUploads` (lib/files/mutations.ts), which turns the temporary uploads into attached files.
 */
export { Dropzone, type DropzoneProps, type UploadedFile } from "./dropzone";

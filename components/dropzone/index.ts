export { Dropzone, type DropzoneProps, type UploadedFile } from "./dropzone";

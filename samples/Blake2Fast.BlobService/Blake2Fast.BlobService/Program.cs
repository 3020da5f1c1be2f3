using Blake2Fast.BlobService;
using Microsoft.AspNetCore.Builder;

// dotnet run --project samples/Blake2Fast.BlobService/Blake2Fast.BlobService -- --BlobService:Directory=/srv/blobs --urls=http://127.0.0.1:5000
WebApplication app = BlobServiceApp.Build(args);
app.Run();

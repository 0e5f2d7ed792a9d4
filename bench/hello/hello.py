from js import document, performance

document.body.append("Hello from Python")
performance.mark("hello-ready")

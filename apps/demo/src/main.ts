console.log("gate4agent demo");
